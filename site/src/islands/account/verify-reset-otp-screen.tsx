import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES } from '@fie/domain';
import { accountApi, ApiError, codeSentMessage, messageOf } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { CodeEntry } from './code-entry';
import { flashAndGo } from '../shared/flash';
import { readPasswordReset, savePasswordReset, type PasswordReset } from './flow-storage';
import { useWords, WithWords, type IslandWords } from '../shared/island-words';
import type { AuthTexts } from '../../i18n/account';

/** /verify-reset-otp: the reset code. Without the e-mail from /forgot-password it goes back there. */
export default function VerifyResetOtpScreen({ words }: { words?: IslandWords }) {
  return (
    <WithWords words={words}>
      <VerifyResetOtp />
    </WithWords>
  );
}

function VerifyResetOtp() {
  const { t, say, link } = useWords<AuthTexts>();
  const [reset, setReset] = useState<PasswordReset | null>(null);

  useEffect(() => {
    const stored = readPasswordReset();
    if (!stored) window.location.replace(link('/forgot-password'));
    else setReset(stored);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival

  if (!reset) return <p className="text-stone-600">{t.loading}</p>;

  return (
    <>
      <AppToaster />
      <CodeEntry
        email={reset.email}
        sentAt={reset.sentAt}
        delayed={reset.emailDelayed}
        submitLabel={t.verifyCode}
        onVerify={async (code) => {
          try {
            await accountApi.verifyReset(reset.email, code);
          } catch (error) {
            const fallback =
              error instanceof ApiError && error.status === 410 ? MESSAGES.expiredOtp : MESSAGES.invalidOtp;
            throw new Error(messageOf(error, say(fallback)));
          }
          savePasswordReset({ ...reset, verifiedAt: Date.now() });
          flashAndGo({ kind: 'success', message: say(MESSAGES.otpVerified) }, link('/reset-password'));
        }}
        onResend={async () => {
          let answer: { emailDelayed?: boolean };
          try {
            answer = await accountApi.requestCode(reset.email, 'reset');
          } catch (error) {
            throw new Error(messageOf(error, say(MESSAGES.resendOtpFailed)));
          }
          toast.success(say(codeSentMessage(answer)));
          const sentAt = Date.now();
          const next = { email: reset.email, sentAt, emailDelayed: answer.emailDelayed === true };
          savePasswordReset(next);
          setReset(next);
          return sentAt;
        }}
      />
    </>
  );
}
