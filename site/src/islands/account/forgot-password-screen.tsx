import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailSchema, MESSAGES } from '@fie/domain';
import { accountApi, codeSentMessage, messageOf } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { flashAndGo } from '../shared/flash';
import { savePasswordReset } from './flow-storage';
import { ErrorBanner, Field, primaryButton, textLink } from '../shared/form-field';
import { useWords, WithWords, type IslandWords } from '../shared/island-words';
import type { AuthTexts } from '../../i18n/account';

const schema = z.object({
  email: z.string().trim().min(1, { error: MESSAGES.emailRequired }).pipe(emailSchema),
});

/** /forgot-password: asks for the e-mail, sends a reset code and goes on to /verify-reset-otp. */
export default function ForgotPasswordScreen({ words }: { words?: IslandWords }) {
  return (
    <WithWords words={words}>
      <ForgotPassword />
    </WithWords>
  );
}

function ForgotPassword() {
  const { t, say, link } = useWords<AuthTexts>();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    setBanner(null);
    try {
      const answer = await accountApi.requestCode(email, 'reset');
      // eslint-disable-next-line react-hooks/purity -- runs on submit: handleSubmit only wraps it during render
      savePasswordReset({ email, sentAt: Date.now(), emailDelayed: answer.emailDelayed === true });
      flashAndGo({ kind: 'success', message: say(codeSentMessage(answer)) }, link('/verify-reset-otp'));
    } catch (error) {
      setBanner(messageOf(error, say(MESSAGES.sendResetCodeFailed)));
    }
  });

  return (
    <>
      <AppToaster />
      <form noValidate onSubmit={submit} className="space-y-4">
        {banner && <ErrorBanner message={banner} onDismiss={() => setBanner(null)} />}
        <Field
          label={t.email}
          type="email"
          autoComplete="email"
          required
          {...register('email')}
          error={formState.errors.email?.message && say(formState.errors.email.message)}
        />
        <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t.sending : t.sendResetCode}
        </button>
        <p className="text-center text-sm text-stone-700">
          {t.rememberedIt}{' '}
          <a href={link('/login')} className={textLink}>
            {t.backToSignIn}
          </a>
        </p>
      </form>
    </>
  );
}
