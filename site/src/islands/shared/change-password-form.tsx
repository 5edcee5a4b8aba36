import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { MESSAGES, passwordSchema } from '@fie/domain';
import { accountApi, messageOf } from './account-api';
import { getSession } from '../../lib/session/store';
import { ErrorBanner, Field, primaryButton } from './form-field';
import { checklistPasses, NewPasswordFields, passwordChecklist } from './password-checklist';
import { useWords } from './island-words';
import type { PasswordFormWords } from '../../i18n/island-defaults';

const schema = z
  .object({
    currentPassword: z.string().min(1, { error: MESSAGES.currentPasswordRequired }),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    error: MESSAGES.newPasswordSameAsCurrent,
    path: ['newPassword'],
  });
type Input = z.input<typeof schema>;

/** POST /api/change-password with the same live rules as registration. */
export function ChangePasswordForm() {
  // The back-office's settings use this form too: its page carries the English words.
  const { t, say } = useWords<PasswordFormWords>();
  const [banner, setBanner] = useState<string | null>(null);
  const { register, handleSubmit, watch, reset, formState } = useForm<Input>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [current, password, confirmation] = watch(['currentPassword', 'newPassword', 'confirmPassword']);
  const checklist = passwordChecklist(password, confirmation);

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setBanner(null);
    try {
      const answer = await accountApi.changePassword({ currentPassword, newPassword });
      toast.success(answer.message ?? t.passwordChanged);
      reset();
    } catch (error) {
      setBanner(messageOf(error, t.changePasswordFailed));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-4">
      {banner && <ErrorBanner message={banner} onDismiss={() => setBanner(null)} />}
      {/* The account's e-mail for password managers, which save the new password under it. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={getSession()?.user.email ?? ''}
        hidden
        readOnly
      />
      <Field
        label={t.currentPassword}
        type="password"
        autoComplete="current-password"
        revealable
        {...register('currentPassword')}
        error={formState.errors.currentPassword?.message && say(formState.errors.currentPassword.message)}
      />
      <NewPasswordFields
        passwordLabel={t.newPassword}
        confirmLabel={t.confirmNewPassword}
        password={register('newPassword')}
        confirmation={register('confirmPassword')}
        values={[password, confirmation]}
        passwordError={formState.errors.newPassword?.message && say(formState.errors.newPassword.message)}
        checklistId="new-password-rules"
      />
      <button
        type="submit"
        className={`${primaryButton} sm:w-auto`}
        disabled={!current || !checklistPasses(checklist) || formState.isSubmitting}
      >
        {formState.isSubmitting ? t.changing : t.changePassword}
      </button>
      <p className="text-sm text-stone-600">{t.signsOutOthers}</p>
    </form>
  );
}
