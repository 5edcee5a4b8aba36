import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MESSAGES, passwordSchema } from '@fie/domain';
import { accountApi, messageOf } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { flashAndGo } from '../shared/flash';
import { clearPasswordReset, readPasswordReset, resetIsVerified, type PasswordReset } from './flow-storage';
import { ErrorBanner, primaryButton } from '../shared/form-field';
import { checklistPasses, NewPasswordFields, passwordChecklist } from '../shared/password-checklist';
import { useWords, WithWords, type IslandWords } from '../shared/island-words';
import type { AuthTexts } from '../../i18n/account';
import { WithEmail } from './code-entry';

const schema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** /reset-password: needs a verified reset code, else back to /forgot-password; ends at /login. */
export default function ResetPasswordScreen({ words }: { words?: IslandWords }) {
  return (
    <WithWords words={words}>
      <ResetPassword />
    </WithWords>
  );
}

function ResetPassword() {
  const { t, say, link } = useWords<AuthTexts>();
  const [reset, setReset] = useState<PasswordReset | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState } = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const [password, confirmation] = watch(['newPassword', 'confirmPassword']);
  const checklist = passwordChecklist(password, confirmation);

  useEffect(() => {
    const stored = readPasswordReset();
    if (!stored || !resetIsVerified(stored, Date.now())) window.location.replace(link('/forgot-password'));
    else setReset(stored);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival

  const submit = handleSubmit(async ({ newPassword }) => {
    if (!reset) return;
    setBanner(null);
    try {
      await accountApi.resetPassword(reset.email, newPassword);
      clearPasswordReset();
      flashAndGo({ kind: 'success', message: say(MESSAGES.passwordResetDone) }, link('/login'));
    } catch (error) {
      setBanner(messageOf(error, say(MESSAGES.resetPasswordFailed)));
    }
  });

  if (!reset) return <p className="text-stone-600">{t.loading}</p>;

  return (
    <>
      <AppToaster />
      <form noValidate onSubmit={submit} className="space-y-4">
        <p className="text-stone-700">
          <WithEmail text={t.newPasswordFor} email={reset.email} />
        </p>
        {banner && <ErrorBanner message={banner} onDismiss={() => setBanner(null)} />}
        <input type="email" name="username" autoComplete="username" value={reset.email} readOnly hidden />
        <NewPasswordFields
          passwordLabel={t.newPassword}
          confirmLabel={t.confirmNewPassword}
          password={register('newPassword')}
          confirmation={register('confirmPassword')}
          values={[password, confirmation]}
          checklistId="password-rules"
          required
        />
        <button
          type="submit"
          className={primaryButton}
          disabled={!checklistPasses(checklist) || formState.isSubmitting}
        >
          {formState.isSubmitting ? t.saving : t.resetPassword}
        </button>
      </form>
    </>
  );
}
