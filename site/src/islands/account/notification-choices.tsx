import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { fill, formatGhanaPhone, ghanaMobileSchema, MESSAGES, type Profile } from '@fie/domain';
import { accountApi, accountKeys, messageOf } from '../shared/account-api';
import { Field, secondaryButton } from '../shared/form-field';
import { useWords } from '../shared/island-words';
import type { AreaTexts } from '../../i18n/account';
import { phoneCheck } from '../shared/phone-check';

type Choice =
  | 'viewingEmails'
  | 'smsEnabled'
  | 'emailNotifications'
  | 'smsAlerts'
  | 'messageEmails'
  | 'messageTexts';

/**
 * How the seeker is told, kind by kind: viewings and alerts, each by e-mail and by text. Each box is
 * saved on the server as it is clicked (replying STOP to a text turns both text boxes off). Texts go
 * to a verified number only, so an account without one adds it here by the code texted to it.
 */
export function NotificationChoices() {
  const { t, say } = useWords<AreaTexts>();
  const queries = useQueryClient();
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: accountApi.profile });
  const [busy, setBusy] = useState(false);
  // Shown at once as chosen (the box follows the click); put back if saving fails.
  const [chosen, setChosen] = useState<Partial<Record<Choice, boolean>>>({});
  if (!profile.data) return null;
  const { phone, phoneVerified, email } = profile.data;
  const texting = Boolean(phone && phoneVerified);
  const isOn = (choice: Choice) => chosen[choice] ?? profile.data[choice] !== false;

  const save = async (choice: Choice, on: boolean) => {
    setBusy(true);
    setChosen((current) => ({ ...current, [choice]: on }));
    const text = choice === 'smsEnabled' || choice === 'smsAlerts' || choice === 'messageTexts';
    try {
      queries.setQueryData(accountKeys.profile, await accountApi.updateProfile({ [choice]: on }));
      toast.success(text ? (on ? t.textsOn : t.textsOff) : on ? t.emailsOn : t.emailsOff);
    } catch (error) {
      setChosen((current) => ({ ...current, [choice]: !on }));
      toast.error(messageOf(error, t.settingsFailed));
    } finally {
      setBusy(false);
    }
  };

  const box = (choice: Choice, label: string, unavailable: string | null) => (
    <label
      className={`flex items-center gap-3 rounded-lg border border-stone-200 p-3 ${unavailable ? 'text-stone-500' : 'cursor-pointer hover:bg-stone-50'}`}
    >
      <input
        type="checkbox"
        className="h-5 w-5 shrink-0 accent-brand-600"
        checked={!unavailable && isOn(choice)}
        disabled={busy || Boolean(unavailable)}
        onChange={(event) => void save(choice, event.target.checked)}
      />
      <span>
        <span className={`block ${unavailable ? '' : 'font-semibold text-ink'}`}>{label}</span>
        {unavailable && <span className="block text-sm">{unavailable}</span>}
      </span>
    </label>
  );
  const textsLabel = texting ? fill(t.textsTo, { phone: formatGhanaPhone(phone!) }) : t.textsTitle;
  const group = (legend: string, detail: string, emailChoice: Choice, textChoice: Choice) => (
    <fieldset className="rounded-xl border border-stone-200 p-4">
      <legend className="px-1 font-semibold text-ink">{legend}</legend>
      <p className="text-sm text-stone-600">{detail}</p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {box(emailChoice, t.channelEmail, email ? null : t.noEmail)}
        {box(textChoice, textsLabel, texting ? null : t.textsNeedNumber)}
      </div>
    </fieldset>
  );

  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-ink">{t.tabNotifications}</h2>
        <p className="mt-1 text-sm text-stone-600">{t.notificationsNote}</p>
      </div>
      {group(t.viewingsChannel, t.viewingsChannelDetail, 'viewingEmails', 'smsEnabled')}
      {group(t.alertsChannel, t.alertsChannelDetail, 'emailNotifications', 'smsAlerts')}
      {group(t.messagesChannel, t.messagesChannelDetail, 'messageEmails', 'messageTexts')}
      <section aria-labelledby="texts-title" className="border-t border-stone-200 pt-5">
        <h3 id="texts-title" className="text-lg font-semibold text-ink">
          {t.textsTitle}
        </h3>
        {texting ? (
          <p className="mt-2 text-sm text-stone-700">{t.textsStop}</p>
        ) : (
          <AddNumber
            initial={phone ?? ''}
            onAdded={(updated) => queries.setQueryData(accountKeys.profile, updated)}
            say={say}
          />
        )}
      </section>
    </div>
  );
}

function AddNumber({
  initial,
  onAdded,
  say,
}: {
  initial: string;
  onAdded: (profile: Profile) => void;
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
    await phoneCheck();
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
