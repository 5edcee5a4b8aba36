import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES, OTP_TTL_SECONDS } from '@fie/domain';
import { fill } from '@fie/domain/i18n';
import { CodeBoxes } from './code-boxes';
import {
  canResend,
  codeComplete,
  emptyCode,
  formatCountdown,
  resendWait,
  secondsLeft,
} from './code-entry-logic';
import { ErrorBanner, primaryButton, secondaryButton } from '../shared/form-field';
import { useWords } from '../shared/island-words';
import type { AuthTexts } from '../../i18n/account';

interface Props {
  email: string;
  /** When the current code was sent (ms). */
  sentAt: number;
  /** The code waits for a slow mail server: the screen says it is on its way rather than sent. */
  delayed?: boolean;
  /** How long the code lives: an hour by e-mail, 10 minutes by text. */
  ttlSeconds?: number;
  submitLabel: string;
  /** Resolves when the code was accepted; rejects with the message to show. */
  onVerify: (code: string) => Promise<void>;
  /** Sends a new code; resolves with its send time, rejects with the message to show. */
  onResend: () => Promise<number>;
}

/** The code screen's body: four boxes, the code's countdown (an hour, or 10 minutes by text), Resend after 60 s. */
export function CodeEntry({
  email,
  sentAt: initialSentAt,
  delayed = false,
  ttlSeconds = OTP_TTL_SECONDS,
  submitLabel,
  onVerify,
  onResend,
}: Props) {
  const { t, say } = useWords<AuthTexts>();
  const [code, setCode] = useState(emptyCode);
  const [sentAt, setSentAt] = useState(initialSentAt);
  const [now, setNow] = useState(() => Date.now());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [resetKey, setResetKey] = useState(0);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const left = secondsLeft(sentAt, now, ttlSeconds);
  const expired = left === 0;
  const resendAllowed = canResend(left, ttlSeconds);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (expired) return setError(say(MESSAGES.expiredOtp));
    if (!codeComplete(code)) return setError(say(MESSAGES.incompleteOtp));
    setBusy('verify');
    try {
      await onVerify(code.join(''));
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(null);
    }
  };

  const resend = async () => {
    setError(null);
    setBusy('resend');
    try {
      const at = await onResend();
      setSentAt(at);
      setNow(Date.now());
      setCode(emptyCode());
      setResetKey((k) => k + 1);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form noValidate onSubmit={verify} className="space-y-5">
      <p className="text-stone-700">
        <WithEmail text={delayed ? t.codeOnItsWayTo : t.codeSentTo} email={email} />
      </p>
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
      <CodeBoxes value={code} onChange={setCode} disabled={busy !== null} resetKey={resetKey} />
      <p className="text-center text-sm" aria-live="polite">
        {expired ? (
          <span className="font-semibold text-red-700">{say(MESSAGES.expiredOtp)}</span>
        ) : (
          <span className="text-stone-700">
            {t.codeExpiresIn}{' '}
            <span className="font-mono font-semibold text-ink" data-testid="otp-countdown">
              {formatCountdown(left)}
            </span>
          </span>
        )}
      </p>
      <button type="submit" className={primaryButton} disabled={busy !== null || expired}>
        {busy === 'verify' ? t.checking : submitLabel}
      </button>
      <div className="text-center text-sm text-stone-700">
        {t.noCode}{' '}
        <button
          type="button"
          onClick={resend}
          disabled={!resendAllowed || busy !== null}
          className={`${secondaryButton} ml-1 px-3 py-1.5 text-sm`}
        >
          {busy === 'resend' ? t.sending : t.resendCode}
        </button>
        {!resendAllowed && (
          <p className="mt-2 text-stone-600">
            {fill(t.newCodeIn, { seconds: resendWait(left, ttlSeconds) })}
          </p>
        )}
      </div>
    </form>
  );
}

/** A sentence with the account's address in bold where its {email} is. */
export function WithEmail({ text, email }: { text: string; email: string }) {
  const [before, after] = text.split('{email}');
  return (
    <>
      {before}
      {/* A number stays on one line; a long e-mail address may break anywhere. */}
      <strong className={`${email.startsWith('0') ? 'whitespace-nowrap' : 'break-all'} text-ink`}>
        {email}
      </strong>
      {after}
    </>
  );
}
