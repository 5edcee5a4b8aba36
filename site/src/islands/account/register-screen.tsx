import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MESSAGES, signupSchema } from '@fie/domain';
import { inLanguage, pageLanguage, safeReturnPath } from '../../lib/session/store';
import { accountApi, codeSentMessage, messageOf } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { flashAndGo } from '../shared/flash';
import { savePendingRegistration } from './flow-storage';
import { ErrorBanner, primaryButton, textLink } from '../shared/form-field';
import { checklistPasses, NewPasswordFields, passwordChecklist } from '../shared/password-checklist';
import { useWords, WithWords, type IslandWords } from '../shared/island-words';
import type { AuthTexts } from '../../i18n/account';
import { IdentityField, MethodSwitch, onlyChosen, type SignInMethod } from './method-switch';
import { phoneCheck } from '../shared/phone-check';

const registerSchema = signupSchema
  .extend({ confirmPassword: z.string().min(1, { error: MESSAGES.passwordsDoNotMatch }) })
  .refine((v) => v.password === v.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
type RegisterInput = z.input<typeof registerSchema>;

export default function RegisterScreen({ words }: { words?: IslandWords }) {
  return (
    <WithWords words={words}>
      <RegisterForm />
    </WithWords>
  );
}

function RegisterForm() {
  const { t, say, link } = useWords<AuthTexts>();
  const [banner, setBanner] = useState<string | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [method, setMethod] = useState<SignInMethod>('phone');
  // Only the chosen method's field is checked and sent (the other may still hold what was typed).
  const { register, handleSubmit, watch, formState } = useForm<RegisterInput>({
    resolver: async (values, context, options) => {
      await phoneCheck();
      return zodResolver(registerSchema)(onlyChosen(values, method), context, options);
    },
    defaultValues: { email: '', phone: '', password: '', confirmPassword: '' },
  });
  const [email, phone, password, confirmation] = watch(['email', 'phone', 'password', 'confirmPassword']);
  const checklist = passwordChecklist(password, confirmation);
  const ready = ((method === 'phone' ? phone : email) ?? '').trim() !== '' && checklistPasses(checklist);

  useEffect(() => setNext(safeReturnPath(new URLSearchParams(window.location.search).get('next'))), []);

  // The schema has made the number E.164 (+233…), which is how the next screens send it.
  const submit = handleSubmit(async ({ email, phone, password }) => {
    setBanner(null);
    const address = (method === 'phone' ? phone : email) ?? '';
    try {
      const language = pageLanguage();
      const answer = await accountApi.signup(address, password, language);
      savePendingRegistration({
        email: method === 'phone' ? address : (answer.email ?? address),
        // The number as Ghanaians write it (the cms names a number-only account by it).
        ...(method === 'phone' ? { shown: answer.fullName ?? address, byText: true } : {}),
        id: answer.id,
        role: answer.role,
        sentAt: Date.now(),
        next,
        emailDelayed: answer.emailDelayed === true,
      });
      flashAndGo(
        { kind: 'success', message: say(method === 'phone' ? MESSAGES.codeTexted : codeSentMessage(answer)) },
        inLanguage('/verify-otp', language),
      );
    } catch (error) {
      setBanner(messageOf(error, say(MESSAGES.registerFailed)));
    }
  });

  return (
    <>
      <AppToaster />
      <form noValidate onSubmit={submit} className="space-y-4">
        {banner && <ErrorBanner message={banner} onDismiss={() => setBanner(null)} />}
        <MethodSwitch label={t.signUpWith} method={method} onChange={setMethod} words={t} />
        <IdentityField
          method={method}
          words={t}
          hint={t.phoneHint}
          phone={register('phone')}
          email={register('email')}
          errors={{
            phone: formState.errors.phone?.message && say(formState.errors.phone.message),
            email: formState.errors.email?.message && say(formState.errors.email.message),
          }}
        />
        <NewPasswordFields
          passwordLabel={t.password}
          confirmLabel={t.confirmPassword}
          password={register('password')}
          confirmation={register('confirmPassword')}
          values={[password, confirmation]}
          checklistId="password-rules"
          required
        />
        <button type="submit" className={primaryButton} disabled={!ready || formState.isSubmitting}>
          {formState.isSubmitting ? t.creatingAccount : t.createAccount}
        </button>
        <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">{t.adminAccounts}</p>
        <p className="text-center text-sm text-stone-700">
          {t.haveAccount}{' '}
          <a href={link(next ? `/login?next=${encodeURIComponent(next)}` : '/login')} className={textLink}>
            {t.signIn}
          </a>
        </p>
      </form>
    </>
  );
}
