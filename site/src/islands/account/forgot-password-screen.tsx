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

const schema = z.object({
  email: z.string().trim().min(1, { error: MESSAGES.emailRequired }).pipe(emailSchema),
});

/** /forgot-password: asks for the e-mail, sends a reset code and goes on to /verify-reset-otp. */
export default function ForgotPasswordScreen() {
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
      flashAndGo({ kind: 'success', message: codeSentMessage(answer) }, '/verify-reset-otp');
    } catch (error) {
      setBanner(messageOf(error, MESSAGES.sendResetCodeFailed));
    }
  });

  return (
    <>
      <AppToaster />
      <form noValidate onSubmit={submit} className="space-y-4">
        {banner && <ErrorBanner message={banner} onDismiss={() => setBanner(null)} />}
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...register('email')}
          error={formState.errors.email?.message}
        />
        <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Send reset code'}
        </button>
        <p className="text-center text-sm text-stone-700">
          Remembered it?{' '}
          <a href="/login" className={textLink}>
            Back to sign in
          </a>
        </p>
      </form>
    </>
  );
}
