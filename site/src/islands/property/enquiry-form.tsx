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

interface Props {
  /** The property asked about (the property page); absent on the contact page's general form. */
  propertyId?: string;
  /** The contact page's form also asks what the visitor is looking for. */
  general?: boolean;
  submitLabel?: string;
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
export default function EnquiryForm({ propertyId, general = false, submitLabel = 'Send Enquiry' }: Props) {
  const { session } = useSession();
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, reset, setValue, getValues, formState } = useForm<
    FormValues,
    unknown,
    EnquiryCreate
  >({
    // The form's text fields map onto the shared schema; the cms checks the same rules again.
    resolver: (values, context, options) =>
      zodResolver(enquiryCreateSchema)(
        {
          ...values,
          phoneNumber: [values.phoneNumber],
          ...(propertyId ? { product: propertyId } : {}),
        } as EnquiryCreateInput,
        context,
        options as never,
      ) as never,
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
      toast.error(MESSAGES.loginToEnquire);
      flashAndGo({ kind: 'error', message: MESSAGES.loginToEnquire }, loginUrl(window.location.pathname));
      return;
    }
    try {
      await propertyApi.enquire(payload());
      toast.success(MESSAGES.enquirySubmitted);
      reset({ ...EMPTY, email: session.user.email });
      setSent(true);
    } catch (error) {
      toast.error(messageOf(error, MESSAGES.enquiryFailed));
    }
  }

  const e = formState.errors;
  const phoneError =
    (e.phoneNumber as { message?: string } | undefined)?.message ??
    (Array.isArray(e.phoneNumber) ? e.phoneNumber[0]?.message : undefined);
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-4"
      aria-label={general ? 'Send us a message' : 'Property enquiry'}
    >
      {sent && (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" role="status">
          Thank you. We have your enquiry and will contact you soon; you can follow it on your{' '}
          <a href="/dashboard" className="font-semibold underline">
            dashboard
          </a>
          .
        </p>
      )}
      <Field label="Full name" autoComplete="name" error={e.name?.message} {...register('name')} />
      <Field
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="024 400 1234"
        error={phoneError}
        {...register('phoneNumber')}
      />
      <Field
        label="E-mail (optional)"
        type="email"
        autoComplete="email"
        error={e.email?.message}
        {...register('email')}
      />
      {general && (
        <>
          <Field
            label="Preferred location (optional)"
            error={e.location?.message}
            {...register('location')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="enq-type" className="block text-sm font-semibold text-stone-800">
                Property type (optional)
              </label>
              <select id="enq-type" className={inputClass} {...register('propertyType')}>
                <option value="">Any</option>
                {PUBLIC_ENQUIRY_PROPERTY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="enq-furnish" className="block text-sm font-semibold text-stone-800">
                Furnishing (optional)
              </label>
              <select id="enq-furnish" className={inputClass} {...register('furnishStatus')}>
                <option value="">Any</option>
                {ENQUIRY_FURNISH_STATUSES.filter((f) => f !== 'Not specified').map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Field
            label="Budget (optional)"
            placeholder="e.g. GH₵ 5,000 a month"
            error={e.budget?.message}
            {...register('budget')}
          />
        </>
      )}
      <div>
        <label
          htmlFor={general ? 'enq-message-general' : 'enq-message'}
          className="block text-sm font-semibold text-stone-800"
        >
          Message (optional)
        </label>
        <textarea
          id={general ? 'enq-message-general' : 'enq-message'}
          rows={4}
          maxLength={2000}
          className={inputClass}
          {...register('message')}
        />
        {e.message?.message && <p className="mt-1 text-sm text-red-700">{e.message.message}</p>}
      </div>
      <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : submitLabel}
      </button>
      {!session && (
        <p className="text-sm text-stone-600">You will be asked to sign in before the enquiry is sent.</p>
      )}
    </form>
  );
}
