import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { bookingSchema, MESSAGES, type Booking, type BookingInput } from '@fie/domain';
import { messageOf } from '../../lib/api-call';
import { queryClient } from '../shared/query-client';
import { primaryButton, secondaryButton } from '../shared/form-field';
import { propertyApi, propertyKeys } from './api';
import { useSession } from '../../lib/session/use-session';
import { BookingRestrictionNotice, useBookingRestriction } from '../shared/booking-restriction';
import { sayer } from '../shared/say';
import { WithWords } from '../shared/island-words';
import type { ViewingTexts } from '../../i18n/property-islands';
import type { IslandMessages } from '../../i18n/messages';
import { LANGUAGE_TAGS, type Language } from '../../i18n/routes';

interface FormProps {
  propertyId: string;
  title: string;
  onDone: () => void;
  language: Language;
  texts: ViewingTexts;
  messages: IslandMessages;
}

// Dates are plain calendar days (YYYY-MM-DD in Accra, which is UTC all year): shown without any
// time-zone shift, in the page's language.
const dayFormats = (language: Language) => {
  const locale = language === 'en' ? 'en-GB' : LANGUAGE_TAGS[language].html;
  return {
    dayName: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }),
    dayMonth: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  };
};
const asDay = (date: string) => new Date(`${date}T12:00:00Z`);

/** Book a Property Viewing: only the free slots of the next 14 weekdays are offered. */
export default function BookingFormWithQueries(props: FormProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <WithWords words={{ language: props.language, texts: props.texts, messages: props.messages }}>
        <BookingForm {...props} />
      </WithWords>
    </QueryClientProvider>
  );
}

function BookingForm({ propertyId, title, onDone, language, texts: t, messages }: FormProps) {
  const id = useId();
  const say = sayer(messages);
  const { dayName, dayMonth } = dayFormats(language);
  // A seeker whose booking the no-show rule pauses is told so before picking a slot.
  const { session } = useSession();
  const restriction = useBookingRestriction(session?.user.role === 'user');
  const paused = restriction.data?.restricted === true;
  const checking = restriction.isPending && restriction.fetchStatus !== 'idle';
  const slots = useQuery({
    queryKey: propertyKeys.freeSlots(propertyId),
    queryFn: () => propertyApi.freeSlots(propertyId),
    staleTime: 0,
  });
  const days = (slots.data ?? []).filter((d) => d.slots.length > 0);
  const { register, handleSubmit, watch, setValue, formState } = useForm<BookingInput, unknown, Booking>({
    resolver: zodResolver(bookingSchema),
    defaultValues: { date: '', time: '', comments: '' },
  });
  const date = watch('date');
  const times = days.find((d) => d.date === date)?.slots ?? [];
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (date && !times.includes(watch('time'))) setValue('time', '');
  }, [date]); // eslint-disable-line react-hooks/exhaustive-deps

  async function onSubmit(values: Booking) {
    setSubmitting(true);
    try {
      await propertyApi.book(propertyId, values);
      toast.success(say(MESSAGES.appointmentBooked));
      await queryClient.invalidateQueries({ queryKey: propertyKeys.freeSlots(propertyId) });
      onDone();
    } catch (error) {
      toast.error(messageOf(error, say(MESSAGES.bookingFailed)));
      // Paused meanwhile (a missed viewing recorded since the form opened): show why.
      if (session?.user.role === 'user') void restriction.refetch();
      // A slot taken meanwhile: show what is still free.
      void slots.refetch();
    } finally {
      setSubmitting(false);
    }
  }

  const problem =
    formState.errors.date?.message ?? formState.errors.time?.message ?? formState.errors.comments?.message;
  const error = problem && say(problem);
  return (
    <form onSubmit={handleSubmit(onSubmit)} className="p-6" noValidate>
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="book-title" className="text-xl font-bold">
            {t.bookTitle}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{title}</p>
        </div>
        <button
          type="button"
          onClick={onDone}
          className="-mr-2 -mt-1 inline-flex h-11 w-11 items-center justify-center rounded-md text-2xl text-stone-600 hover:bg-stone-100"
          aria-label={t.close}
        >
          ×
        </button>
      </div>

      {paused && (
        <>
          <BookingRestrictionNotice restriction={restriction.data} className="mt-6" />
          <button type="button" onClick={onDone} className={`${secondaryButton} mt-5 w-full`}>
            {t.close}
          </button>
        </>
      )}
      {!paused && (slots.isPending || checking) && (
        <p className="mt-6 text-stone-600" role="status">
          {t.loadingTimes}
        </p>
      )}
      {!paused && slots.isError && (
        <p className="mt-6 rounded-lg bg-red-50 p-3 text-red-800" role="alert">
          {t.timesFailed}
        </p>
      )}
      {!paused && !checking && slots.isSuccess && days.length === 0 && (
        <p className="mt-6 rounded-lg bg-stone-100 p-3 text-stone-700">{t.noTimes}</p>
      )}
      {!paused && !checking && slots.isSuccess && days.length > 0 && (
        <>
          <fieldset className="mt-6">
            <legend className="text-sm font-semibold text-stone-800">{t.dateLegend}</legend>
            <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
              {days.map((d) => (
                <label key={d.date} className="cursor-pointer">
                  <input type="radio" value={d.date} {...register('date')} className="peer sr-only" />
                  <span className="flex min-h-11 flex-col items-center justify-center rounded-lg border border-stone-300 px-2 py-1.5 text-center text-sm peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600">
                    <span className="font-semibold">{dayName.format(asDay(d.date))}</span>
                    <span>{dayMonth.format(asDay(d.date))}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-5">
            <label htmlFor={`${id}-time`} className="block text-sm font-semibold text-stone-800">
              {t.time}
            </label>
            <select
              id={`${id}-time`}
              {...register('time')}
              disabled={!date}
              className="mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base disabled:bg-stone-100"
            >
              <option value="">{date ? t.chooseTime : t.chooseDateFirst}</option>
              {times.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <div className="mt-5">
            <label htmlFor={`${id}-comments`} className="block text-sm font-semibold text-stone-800">
              {t.comments} <span className="font-normal text-stone-600">{t.optional}</span>
            </label>
            <textarea
              id={`${id}-comments`}
              rows={3}
              maxLength={1000}
              {...register('comments')}
              className="mt-1 block w-full rounded-lg border border-stone-400 px-3 py-2 text-base"
            />
          </div>
          {error && (
            <p className="mt-4 text-sm font-medium text-red-800" role="alert">
              {error}
            </p>
          )}
          <p className="mt-4 text-xs text-stone-600">{t.bookingRules}</p>
          <div className="mt-5 flex gap-3">
            <button type="button" onClick={onDone} className={`${secondaryButton} flex-1`}>
              {t.cancel}
            </button>
            <button type="submit" className={`${primaryButton} flex-1`} disabled={submitting}>
              {submitting ? t.booking : t.confirmViewing}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
