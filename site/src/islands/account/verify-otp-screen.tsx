import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, OTP_TTL_SECONDS, SMS_CODE_TTL_SECONDS } from '@fie/domain';
import { inLanguage, pageLanguage, setSession } from '../../lib/session/store';
import { accountApi, ApiError, codeSentMessage, messageOf } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { CodeEntry } from './code-entry';
import { flashAndGo } from '../shared/flash';
import { mergeAfterSignIn } from '../../lib/favourites/browser-favourites';
import {
  clearPendingRegistration,
  readPendingRegistration,
  savePendingRegistration,
  type PendingRegistration,
} from './flow-storage';
import { useWords, WithWords, type IslandWords } from '../shared/island-words';
import type { AuthTexts } from '../../i18n/account';
/** /verify-otp: the registration code. Without pending registration data it goes back to /register. */
export default function VerifyOtpScreen({ words }: { words?: IslandWords }) {
  return (
    <WithWords words={words}>
      <VerifyOtp />
    </WithWords>
  );
}

function VerifyOtp() {
  const { t, say, link } = useWords<AuthTexts>();
  const [pending, setPending] = useState<PendingRegistration | null>(null);

  useEffect(() => {
    const stored = readPendingRegistration();
    if (!stored) window.location.replace(link('/register'));
    else setPending(stored);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival

  if (!pending) return <p className="text-stone-600">{t.loading}</p>;

  return (
    <>
      <AppToaster />
      <CodeEntry
        email={pending.shown ?? pending.email}
        sentAt={pending.sentAt}
        delayed={pending.emailDelayed}
        ttlSeconds={pending.byText ? SMS_CODE_TTL_SECONDS : OTP_TTL_SECONDS}
        submitLabel={t.verifyAndCreate}
        onVerify={async (code) => {
          try {
            const answer = await accountApi.verifyRegistration(pending.email, code);
            setSession(answer.token, answer);
            clearPendingRegistration();
            // Hearts saved in this browser before registering now belong to the new account (a new
            // account is empty and the browser keeps no more than an account may, so all fit).
            await mergeAfterSignIn();
            flashAndGo(
              {
                kind: 'success',
                message: say(pending.byText ? MESSAGES.phoneVerified : MESSAGES.emailVerified),
              },
              inLanguage(pending.next ?? '/dashboard', answer.language ?? pageLanguage()),
            );
          } catch (error) {
            const fallback =
              error instanceof ApiError && error.status === 410 ? MESSAGES.expiredOtp : MESSAGES.invalidOtp;
            throw new Error(messageOf(error, say(fallback)));
          }
        }}
        onResend={async () => {
          let answer: { emailDelayed?: boolean };
          try {
            answer = await accountApi.requestCode(pending.email, 'register');
          } catch (error) {
            throw new Error(messageOf(error, say(MESSAGES.resendOtpFailed)));
          }
          toast.success(say(pending.byText ? MESSAGES.codeTexted : codeSentMessage(answer)));
          const sentAt = Date.now();
          const next = { ...pending, sentAt, emailDelayed: answer.emailDelayed === true };
          savePendingRegistration(next);
          setPending(next);
          return sentAt;
        }}
      />
    </>
  );
}
