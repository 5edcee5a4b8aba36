import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  formatGhanaPhone,
  ghanaMobileSchema,
  loginSchema,
  MESSAGES,
  SMS_CODE_TTL_SECONDS,
  type AuthResponse,
  type LoginInput,
} from '@fie/domain';
import { afterSignIn, dashboardPath, inLanguage, setSession } from '../../lib/session/store';
import { useSession } from '../../lib/session/use-session';
import { mergeAfterSignIn } from '../../lib/favourites/browser-favourites';
import { flashAndGo } from '../shared/flash';
import { accountApi, accountKeys, messageOf } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { ErrorBanner, Field, primaryButton, textLink } from '../shared/form-field';
import { queryClient } from '../shared/query-client';
import { CodeEntry, WithEmail } from './code-entry';
import { IdentityField, MethodSwitch, onlyChosen, type SignInMethod } from './method-switch';
import { useWords, WithWords, type IslandWords } from '../shared/island-words';
import type { AuthTexts } from '../../i18n/account';
import { phoneCheck } from '../shared/phone-check';

export default function LoginScreen({ words }: { words?: IslandWords }) {
  return (
    <WithWords words={words}>
      <QueryClientProvider client={queryClient}>
        <AppToaster />
        <LoginForm />
      </QueryClientProvider>
    </WithWords>
  );
}

function LoginForm() {
  const { t, say, link } = useWords<AuthTexts>();
  const [banner, setBanner] = useState<string | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const { session } = useSession();
  const google = useQuery({
    queryKey: accountKeys.authConfig,
    queryFn: accountApi.authConfig,
    staleTime: Infinity,
    retry: 0,
  });
  const [method, setMethod] = useState<SignInMethod>('phone');
  // A code texted in place of the password: the number it went to, and when.
  const [texted, setTexted] = useState<{ phone: string; sentAt: number } | null>(null);
  // Only the chosen method's field is checked and sent (the other may still hold what was typed).
  const { register, handleSubmit, getValues, setError, formState } = useForm<LoginInput>({
    resolver: async (values, context, options) => {
      await phoneCheck();
      return zodResolver(loginSchema)(onlyChosen(values, method), context, options);
    },
    defaultValues: { email: '', phone: '', password: '', isAdminLogin: false },
  });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setNext(params.get('next'));
    const error = params.get('error'); // a failed Google sign-in comes back with its reason
    if (error) setBanner(error.slice(0, 200));
  }, []);

  const signedIn = async (answer: AuthResponse) => {
    setSession(answer.token, answer);
    // In the account's language: a seeker who chose French lands on French pages.
    const destination = inLanguage(afterSignIn(answer.role, next), answer.language ?? 'en');
    // Hearts saved in this browser while signed out now belong to the account.
    const merged = await mergeAfterSignIn();
    if (merged?.full) flashAndGo({ kind: 'error', message: say(MESSAGES.favouritesFull) }, destination);
    else window.location.assign(destination);
  };

  const submit = handleSubmit(async (input) => {
    setBanner(null);
    try {
      await signedIn(await accountApi.login(input));
    } catch (error) {
      setBanner(messageOf(error, say(MESSAGES.loginFailed)));
    }
  });

  /** "Text me a code instead": the number is checked here first, then the code is asked for. */
  const textCode = async () => {
    setBanner(null);
    await phoneCheck();
    const number = ghanaMobileSchema.safeParse(getValues('phone') ?? '');
    if (!number.success) {
      setError('phone', { message: number.error.issues[0]?.message ?? MESSAGES.invalidPhone });
      return;
    }
    try {
      await accountApi.requestCode(number.data, 'login');
      toast.success(say(MESSAGES.codeTexted));
      setTexted({ phone: number.data, sentAt: Date.now() });
    } catch (error) {
      setBanner(messageOf(error, say(MESSAGES.resendOtpFailed)));
    }
  };

  if (texted)
    return (
      <div className="space-y-4">
        {banner && <ErrorBanner message={banner} onDismiss={() => setBanner(null)} />}
        <CodeEntry
          email={formatGhanaPhone(texted.phone)}
          sentAt={texted.sentAt}
          ttlSeconds={SMS_CODE_TTL_SECONDS}
          submitLabel={t.signIn}
          onVerify={async (code) => {
            try {
              await signedIn(await accountApi.loginByCode(texted.phone, code));
            } catch (error) {
              throw new Error(messageOf(error, say(MESSAGES.invalidOtp)));
            }
          }}
          onResend={async () => {
            try {
              await accountApi.requestCode(texted.phone, 'login');
            } catch (error) {
              throw new Error(messageOf(error, say(MESSAGES.resendOtpFailed)));
            }
            toast.success(say(MESSAGES.codeTexted));
            return Date.now();
          }}
        />
        <button type="button" className={`w-full text-sm ${textLink}`} onClick={() => setTexted(null)}>
          {t.usePasswordInstead}
        </button>
      </div>
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const { email, phone, password } = getValues();
        // Either field empty: submitting does nothing.
        if (!((method === 'phone' ? phone : email) ?? '').trim() || !password) return;
        void submit(event);
      }}
      className="space-y-4"
    >
      {banner && <ErrorBanner message={banner} onDismiss={() => setBanner(null)} />}
      {session && (
        // No automatic redirect: a seeker sent here by a staff page would loop between the two.
        <p className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          <WithEmail text={t.signedInAs} email={session.user.email || session.user.fullName || ''} />{' '}
          <a href={link(dashboardPath(session.user.role))} className="font-semibold underline">
            {t.goToDashboard}
          </a>
          {t.orAnotherAccount}
        </p>
      )}
      <MethodSwitch label={t.signInWith} method={method} onChange={setMethod} words={t} />
      <IdentityField
        method={method}
        words={t}
        phone={register('phone')}
        email={register('email')}
        errors={{
          phone: formState.errors.phone?.message && say(formState.errors.phone.message),
          email: formState.errors.email?.message && say(formState.errors.email.message),
        }}
      />
      <Field
        label={t.password}
        type="password"
        autoComplete="current-password"
        required
        revealable
        {...register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {method === 'phone' ? (
          // Staff sign in with their e-mail; a seeker may take a texted code in place of the password.
          <button type="button" className={`text-sm ${textLink}`} onClick={() => void textCode()}>
            {t.textMeACode}
          </button>
        ) : (
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              className="h-5 w-5 rounded border-stone-400 accent-brand-600"
              {...register('isAdminLogin')}
            />
            {t.signInAsAdmin}
          </label>
        )}
        <a href={link('/forgot-password')} className={`text-sm ${textLink}`}>
          {t.forgotPassword}
        </a>
      </div>
      <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t.signingIn : t.signIn}
      </button>
      {google.data?.google && (
        <>
          <p className="text-center text-sm text-stone-600">{t.or}</p>
          <a
            href="/api/auth/google"
            className="flex w-full items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-3 font-semibold text-stone-800 hover:bg-stone-100"
          >
            <span aria-hidden="true" className="font-bold text-blue-700">
              G
            </span>{' '}
            {t.continueWithGoogle}
          </a>
        </>
      )}
      <p className="text-center text-sm text-stone-700">
        {t.newHere}{' '}
        <a
          href={link(next ? `/register?next=${encodeURIComponent(next)}` : '/register')}
          className={textLink}
        >
          {t.createAnAccount}
        </a>
      </p>
    </form>
  );
}
