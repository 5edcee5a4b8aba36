import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import {
  enquiryCreateSchema,
  ENQUIRY_FURNISH_STATUSES,
  MESSAGES,
  PUBLIC_ENQUIRY_PROPERTY_TYPES,
  type EnquiryCreate,
  type EnquiryCreateInput,
} from '@fie/domain';
import { useSession } from '../../lib/session/use-session';
import { loginUrl } from '../../lib/session/store';
import { messageOf } from '../../lib/api-call';
import { flashAndGo } from '../shared/flash';
import { Field, inputClass, primaryButton } from '../shared/form-field';
import { propertyApi } from './api';
import { sayer } from '../shared/say';
import type { EnquiryTexts } from '../../i18n/property-islands';
import type { IslandMessages } from '../../i18n/messages';
import { phoneCheck } from '../shared/phone-check';

interface Props {
  /** The property asked about (the property page); absent on the contact page's general form. */
  propertyId?: string;
  /** The contact page's form also asks what the visitor is looking for. */
  general?: boolean;
  /** The page's texts for the form, the shared messages it shows, and its choices' words. */
  texts: EnquiryTexts;
  messages: IslandMessages;
  /** The contact form's property types and furnish states as the page's language names them. */
  typeWords?: Readonly<Record<string, string>>;
  furnishWords?: Readonly<Record<string, string>>;
  /** The dashboard in the page's language, where the seeker follows the enquiry. */
  dashboardHref: string;
}

interface FormValues {
  name: string;
  phoneNumber: string;
  email: string;
  message: string;
  location: string;
  propertyType: string;
  budget: string;
  furnishStatus: string;
}

const EMPTY: FormValues = {
  name: '',
  phoneNumber: '',
  email: '',
  message: '',
  location: '',
  propertyType: '',
  budget: '',
  furnishStatus: '',
};

/** The Interested? form (property page) and Send Us a Message (contact page): an enquiry, signed in. */
export default function EnquiryForm({
  propertyId,
  general = false,
  texts: t,
  messages,
  typeWords = {},
  furnishWords = {},
  dashboardHref,
}: Props) {
  const say = sayer(messages);
  const { session } = useSession();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, reset, setValue, getValues, formState } = useForm<
    FormValues,
    unknown,
    EnquiryCreate
  >({
    // The form's text fields map onto the shared schema; the cms checks the same rules again.
    resolver: async (values, context, options) => {
      await phoneCheck();
      return zodResolver(enquiryCreateSchema)(
        {
          ...values,
          phoneNumber: [values.phoneNumber],
          ...(propertyId ? { product: propertyId } : {}),
        } as EnquiryCreateInput,
        context,
        options as never,
      ) as never;
    },
    defaultValues: EMPTY,
  });

  // Fill in what the account already knows, without overwriting what was typed.
  useEffect(() => {
    if (!session) return;
    if (!getValues('email')) setValue('email', session.user.email);
    if (
      !getValues('name') &&
      session.user.fullName &&
      session.user.fullName !== session.user.email.split('@')[0]
    )
      setValue('name', session.user.fullName);
  }, [session, getValues, setValue]);

  // What goes to the cms is what was typed (it validates with the same schema), blanks left out.
  function payload(): EnquiryCreateInput {
    const v = getValues();
    const optional = (key: keyof FormValues) => (v[key].trim() ? { [key]: v[key].trim() } : {});
    return {
      name: v.name,
      phoneNumber: [v.phoneNumber],
      ...optional('email'),
      ...optional('message'),
      ...(general
        ? {
            ...optional('location'),
            ...optional('propertyType'),
            ...optional('budget'),
            ...optional('furnishStatus'),
          }
        : {}),
      ...(propertyId ? { product: propertyId } : {}),
    } as EnquiryCreateInput;
  }

  async function onSubmit() {
    if (!session) {
      toast.error(say(MESSAGES.loginToEnquire));
      flashAndGo(
        { kind: 'error', message: say(MESSAGES.loginToEnquire) },
        loginUrl(window.location.pathname),
      );
      return;
    }
    try {
      await propertyApi.enquire(payload());
      toast.success(say(MESSAGES.enquirySubmitted));
      reset({ ...EMPTY, email: session.user.email });
      setSent(true);
    } catch (error) {
      toast.error(messageOf(error, say(MESSAGES.enquiryFailed)));
    }
  }

  const e = formState.errors;
  const said = (message: string | undefined) => message && say(message);
  const phoneError = said(
    (e.phoneNumber as { message?: string } | undefined)?.message ??
      (Array.isArray(e.phoneNumber) ? e.phoneNumber[0]?.message : undefined),
  );
  const [thanksBefore, thanksAfter] = t.enquiryThanks.split('{dashboard}');
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-4"
      aria-label={general ? t.messageForm : t.enquiryForm}
    >
      {sent && (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" role="status">
          {thanksBefore}
          <a href={dashboardHref} className="font-semibold underline">
            {t.dashboard}
          </a>
          {thanksAfter}
        </p>
      )}
      <Field label={t.fullName} autoComplete="name" error={said(e.name?.message)} {...register('name')} />
      <Field
        label={t.phoneNumber}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="024 400 1234"
        error={phoneError}
        {...register('phoneNumber')}
      />
      <Field
        label={t.emailOptional}
        type="email"
        autoComplete="email"
        error={said(e.email?.message)}
        {...register('email')}
      />
      {general && (
        <>
          <Field label={t.locationOptional} error={said(e.location?.message)} {...register('location')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="enq-type" className="block text-sm font-semibold text-stone-800">
                {t.typeOptional}
              </label>
              <select id="enq-type" className={inputClass} {...register('propertyType')}>
                <option value="">{t.any}</option>
                {PUBLIC_ENQUIRY_PROPERTY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeWords[type] ?? type}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="enq-furnish" className="block text-sm font-semibold text-stone-800">
                {t.furnishingOptional}
              </label>
              <select id="enq-furnish" className={inputClass} {...register('furnishStatus')}>
                <option value="">{t.any}</option>
                {ENQUIRY_FURNISH_STATUSES.filter((f) => f !== 'Not specified').map((f) => (
                  <option key={f} value={f}>
                    {furnishWords[f] ?? f}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Field
            label={t.budgetOptional}
            placeholder={t.budgetExample}
            error={said(e.budget?.message)}
            {...register('budget')}
          />
        </>
      )}
      <div>
        <label
          htmlFor={general ? 'enq-message-general' : 'enq-message'}
          className="block text-sm font-semibold text-stone-800"
        >
          {t.messageOptional}
        </label>
        <textarea
          id={general ? 'enq-message-general' : 'enq-message'}
          rows={4}
          maxLength={2000}
          className={inputClass}
          {...register('message')}
        />
        {e.message?.message && <p className="mt-1 text-sm text-red-700">{said(e.message.message)}</p>}
      </div>
      <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t.sending : general ? t.sendMessage : t.sendEnquiry}
      </button>
      {!session && <p className="text-sm text-stone-600">{t.signInFirst}</p>}
    </form>
  );
}
