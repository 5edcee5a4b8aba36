/** One text received by the catcher. */
export interface CaughtText {
  /** 1, 2, 3… in order of arrival (per catcher). */
  id: number;
  /** The message id the catcher answered submit_sm with (and names in the delivery receipt). */
  messageId: string;
  /** The sender id (source_addr) the client gave. */
  from: string;
  /** The destination number, E.164 (a leading + is added when the client left it out). */
  to: string;
  /** The text, decoded. */
  text: string;
  encoding: 'GSM-7' | 'UCS-2';
  /** The client asked for a delivery receipt (registered_delivery). */
  receiptRequested: boolean;
  date: Date;
  /** Path of the saved .txt file when `dir` was given, otherwise null. */
  file: string | null;
}

export interface SmsCatcherOptions {
  host?: string;
  /** SMPP port; 0 picks a free one (read it back from `catcher.port`). Default 2775. */
  port?: number;
  /** When set, only this system id and password may bind; otherwise any. */
  systemId?: string | null;
  password?: string | null;
  /** Folder to keep each text as `<timestamp>-<id>.txt`. Default: not saved. */
  dir?: string | null;
  log?: ((line: string) => void) | null;
  onText?: ((text: CaughtText) => void | Promise<void>) | null;
  /** How many texts to keep in memory; the oldest are dropped first. Default 2000. */
  maxTexts?: number;
  /** The receipt's stat for a text: DELIVRD unless told (UNDELIV, REJECTD, EXPIRED…). */
  receiptStatus?: (text: CaughtText) => string;
  /** Wait this long before sending a receipt. Default 0. */
  receiptDelayMs?: number;
  /**
   * Wait this long before answering a submit_sm (the text is taken at once, and its receipt follows the
   * answer): a slow SMSC, or a client that may die before it hears back. Default 0.
   */
  answerDelayMs?: number;
}

export type TextMatch = ((text: CaughtText) => boolean) | { to: string; text?: string | RegExp };

export interface SmsCatcher {
  host: string;
  port: number;
  /** `smpp://system_id:password@host:port` for the client's SMPP_URL. */
  url: string;
  readonly texts: CaughtText[];
  /** The newest caught text that matches, or the next to arrive; rejects after `timeoutMs` (10 000). */
  waitFor(match: TextMatch, options?: { timeoutMs?: number }): Promise<CaughtText>;
  /** Sends a text from the phone `from` to a bound client; answers how many clients it went to (0 or 1). */
  inbound(from: string, text: string, to?: string): number;
  /** Drops the clients bound now and refuses binds and submits until `resume()`: an SMSC that is away. */
  refuse(): void;
  resume(): void;
  /** Take texts but answer none until `release()` (the moment a client may die). */
  hold(): void;
  /** Answer the texts held. */
  release(): void;
  /** Texts taken and not yet answered while holding. */
  readonly held: number;
  readonly boundClients: number;
  clear(): void;
  close(): Promise<void>;
}

export function startSmsCatcher(options?: SmsCatcherOptions): Promise<SmsCatcher>;
