/** One e-mail received by the catcher, already parsed. */
export interface CaughtMessage {
  /** 1, 2, 3… in order of arrival (per catcher). */
  id: number;
  /** Sender address from the From header (lower-case), or the SMTP envelope sender. */
  from: string;
  /** Recipient addresses (lower-case) from the SMTP envelope, so Bcc recipients are included. */
  to: string[];
  subject: string;
  /** The Message-ID header as sent, e.g. `<abc@example.com>`; null when the message has none. */
  messageId: string | null;
  /** Plain-text body ('' when the message has none). */
  text: string;
  /** HTML body ('' when the message has none). */
  html: string;
  /** Attached files, decoded (content as UTF-8 text: calendar invites and the like). */
  attachments: { filename: string | null; contentType: string; content: string }[];
  /** The Date header, or the time of arrival when it is missing. */
  date: Date;
  /** The whole message as received (RFC 822 source). */
  raw: string;
  /** Path of the saved .eml file when `dir` was given, otherwise null. */
  file: string | null;
}

export interface MailCatcherOptions {
  /** Interface to listen on. Default '127.0.0.1'. */
  host?: string;
  /** SMTP port; 0 picks a free one (read it back from `catcher.port`). Default 1025. */
  port?: number;
  /** Folder to keep each message as `<timestamp>-<id>.eml` and a readable `.txt`. Default: not saved. */
  dir?: string | null;
  /** Receives a one-line summary per message, e.g. `console.log`. */
  log?: ((line: string) => void) | null;
  /** Called with each message after it is stored (errors it throws are logged, not fatal). */
  onMessage?: ((message: CaughtMessage) => void | Promise<void>) | null;
  /** How many messages to keep in memory; the oldest are dropped first. Default 500. */
  maxMessages?: number;
}

/** Which message to wait for: a predicate, or a recipient plus an optional subject (substring or pattern). */
export type MessageMatch = ((message: CaughtMessage) => boolean) | { to: string; subject?: string | RegExp };

export interface MailCatcher {
  host: string;
  /** The port actually bound (useful with `port: 0`). */
  port: number;
  /** Messages kept in memory, oldest first. */
  readonly messages: CaughtMessage[];
  /**
   * Resolves with the newest already-caught message that matches, or the next one to arrive.
   * Rejects when none arrives within `timeoutMs` (default 10 000) or when the catcher is closed.
   */
  waitFor(match: MessageMatch, options?: { timeoutMs?: number }): Promise<CaughtMessage>;
  /** Forgets every caught message (files on disk stay). */
  clear(): void;
  /** Stops listening and frees the port; pending `waitFor` calls reject. */
  close(): Promise<void>;
}

export function startMailCatcher(options?: MailCatcherOptions): Promise<MailCatcher>;
