import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { fill, formatGhanaPhone, ghanaMobileSchema, MESSAGES } from '@fie/domain';
import { accountApi, accountKeys, messageOf } from '../shared/account-api';
import { Field, secondaryButton } from '../shared/form-field';
import { useWords } from '../shared/island-words';
import type { AreaTexts } from '../../i18n/account';

/**
 * Texts about viewings: on or off for the account's verified number (saved at once, as replying STOP
 * does), or a number to add, verified by the code texted to it.
 */
export function TextsSetting() {
  const { t, say } = useWords<AreaTexts>();
  const queries = useQueryClient();
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: accountApi.profile });
  const [busy, setBusy] = useState(false);
  // Shown at once as chosen (the box follows the click); put back if saving fails.
  const [chosen, setChosen] = useState<boolean | null>(null);
  if (!profile.data) return null;
  const { phone, phoneVerified, smsEnabled } = profile.data;
  const title = phone ? fill(t.textsTo, { phone: formatGhanaPhone(phone) }) : '';

  const save = async (on: boolean) => {
    setBusy(true);
    setChosen(on);
    try {
      queries.setQueryData(accountKeys.profile, await accountApi.updateProfile({ smsEnabled: on }));
      toast.success(on ? t.textsOn : t.textsOff);
    } catch (error) {
      setChosen(!on);
      toast.error(messageOf(error, t.settingsFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="border-b border-stone-200 pb-5">
      <legend className="text-lg font-semibold text-ink">{t.textsTitle}</legend>
      {phone && phoneVerified ? (
        <label className="mt-3 grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-lg border border-stone-200 p-3 hover:bg-stone-50">
          <input
            type="checkbox"
            className="row-span-2 mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
            checked={chosen ?? smsEnabled !== false}
            disabled={busy}
            onChange={(event) => void save(event.target.checked)}
          />
          <span className="font-semibold text-ink">{title}</span>
          <span className="col-start-2 text-sm text-stone-600">{t.textsDetail}</span>
        </label>
      ) : (
        <AddNumber
          initial={phone ?? ''}
          onAdded={(updated) => queries.setQueryData(accountKeys.profile, updated)}
          say={say}
        />
      )}
    </fieldset>
  );
}

function AddNumber({
  initial,
  onAdded,
  say,
}: {
  initial: string;
  onAdded: (profile: Awaited<ReturnType<typeof accountApi.verifyPhone>>) => void;
  say: (message: string) => string;
}) {
  const { t } = useWords<AreaTexts>();
  const [number, setNumber] = useState(initial ? formatGhanaPhone(initial) : '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setError(null);
    const parsed = ghanaMobileSchema.safeParse(number);
    if (!parsed.success) return setError(say(parsed.error.issues[0]?.message ?? MESSAGES.invalidPhone));
    setBusy(true);
    try {
      await accountApi.addPhone(parsed.data);
      toast.success(say(MESSAGES.codeTexted));
      setSentTo(parsed.data);
    } catch (failure) {
      setError(messageOf(failure, say(MESSAGES.resendOtpFailed)));
    } finally {
      setBusy(false);
    }
  };
  const verify = async () => {
    if (!sentTo) return;
    setError(null);
    if (!/^\d{4}$/.test(code.trim())) return setError(say(MESSAGES.incompleteOtp));
    setBusy(true);
    try {
      onAdded(await accountApi.verifyPhone(sentTo, code.trim()));
      toast.success(say(MESSAGES.phoneVerified));
    } catch (failure) {
      setError(messageOf(failure, say(MESSAGES.invalidOtp)));
      setBusy(false);
    }
  };

  return (
    <div className="mt-3 max-w-md space-y-3">
      <p className="text-sm text-stone-700">{t.addNumber}</p>
      <Field
        label={t.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="024 412 3456"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={sentTo ? undefined : (error ?? undefined)}
        disabled={busy || sentTo !== null}
      />
      {sentTo === null ? (
        <button type="button" className={secondaryButton} disabled={busy} onClick={() => void send()}>
          {t.sendCode}
        </button>
      ) : (
        <>
          <Field
            label={t.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error ?? undefined}
          />
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => void verify()}>
            {t.verifyNumber}
          </button>
        </>
      )}
    </div>
  );
}
