import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  fill,
  MESSAGES,
  SAVED_SEARCH_FREQUENCIES,
  type SavedSearchFrequency,
  type SavedSearchItem,
} from '@fie/domain';
import { accountApi, accountKeys, ApiError, messageOf } from '../shared/account-api';
import { Icon } from '../shared/icon';
import { EmptyState } from './empty-state';
import { useWords } from '../shared/island-words';
import type { DashboardTexts } from '../../i18n/account';
/** The empty state's way to the listing, in the screen's language. */
function SearchLink() {
  const { t, link } = useWords<DashboardTexts>();
  return (
    <a
      href={link('/properties')}
      className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
    >
      {t.searchProperties}
    </a>
  );
}

/** "3 new" (`words` the screen's "{count} new"), or nothing to say when no listing matched since the last alert. */
export function newMatchesText(n: number, words: string): string | null {
  return n > 0 ? fill(words, { count: n }) : null;
}

/** Saved searches, below the favourites: each with its alerts' frequency, on/off, and a way to delete it. */
export function SavedSearchesSection() {
  const { t, say } = useWords<DashboardTexts>();
  const query = useQuery({ queryKey: accountKeys.savedSearches, queryFn: accountApi.savedSearches });
  return (
    <section aria-labelledby="saved-searches-heading" className="border-t border-stone-200 pt-6">
      <h2 id="saved-searches-heading" className="flex items-center gap-2 text-xl font-semibold text-ink">
        <Icon name="bell" size={20} />
        {t.savedSearches}
      </h2>
      <p className="mt-1 text-stone-600">{t.savedSearchesIntro}</p>
      <div className="mt-4">
        {query.isPending ? (
          <p role="status" className="py-6 text-center text-stone-600">
            {t.loadingSavedSearches}
          </p>
        ) : query.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {say(MESSAGES.loadSavedSearchesFailed)}
          </p>
        ) : query.data.length === 0 ? (
          <EmptyState
            title={say(MESSAGES.noSavedSearches)}
            detail={say(MESSAGES.noSavedSearchesDetail)}
            action={<SearchLink />}
          />
        ) : (
          <ul className="space-y-3">
            {query.data.map((search) => (
              <SavedSearchRow key={search.id} search={search} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

const quietButton =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm font-semibold disabled:opacity-60';

function SavedSearchRow({ search }: { search: SavedSearchItem }) {
  const { t, say, value, language } = useWords<DashboardTexts>();
  const frequencyWord = (f: SavedSearchFrequency) => value(`frequency:${f}`);
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  // The button pressed goes away as the question comes (and back): focus follows, not lost.
  const keepRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (asked.current) deleteRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const failed = (error: unknown) => {
    toast.error(messageOf(error, say(MESSAGES.savedSearchNotUpdated)));
    // Deleted meanwhile (in another tab): the list as the server has it now.
    if (error instanceof ApiError && error.status === 404)
      void client.invalidateQueries({ queryKey: accountKeys.savedSearches });
  };
  const replace = (updated: SavedSearchItem) =>
    client.setQueryData<SavedSearchItem[]>(accountKeys.savedSearches, (list) =>
      list?.map((s) => (s.id === updated.id ? updated : s)),
    );
  const update = useMutation({
    mutationFn: (changes: { frequency?: SavedSearchFrequency; active?: boolean }) =>
      accountApi.updateSavedSearch(search.id, changes),
    onSuccess: (updated, changes) => {
      replace(updated);
      if (changes.frequency) toast.success(say(MESSAGES.savedSearchFrequencyChanged));
      else toast.success(say(updated.active ? MESSAGES.savedSearchAlertsOn : MESSAGES.savedSearchAlertsOff));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => accountApi.deleteSavedSearch(search.id),
    onSuccess: () => {
      client.setQueryData<SavedSearchItem[]>(accountKeys.savedSearches, (list) =>
        list?.filter((s) => s.id !== search.id),
      );
      toast.success(say(MESSAGES.savedSearchRemoved));
    },
    onError: failed,
    onSettled: () => setConfirming(false),
  });
  const fresh = newMatchesText(search.newMatches, t.newMatches);
  // "Daily alerts by e-mail", "Alertes quotidiennes par e-mail": mid-sentence, the word is lower case.
  const alertsByEmail = (f: SavedSearchFrequency) =>
    fill(t.alertsByEmail, {
      frequency: t.alertsByEmail.startsWith('{')
        ? frequencyWord(f)
        : frequencyWord(f).toLocaleLowerCase(language),
    });
  const busy = update.isPending || remove.isPending;

  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4" data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{search.label}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
            {fresh && (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800">
                {fresh}
              </span>
            )}
            {search.active ? (
              <span>{alertsByEmail(search.frequency)}</span>
            ) : (
              <span className="rounded-full bg-stone-100 px-2 py-0.5 font-semibold text-stone-700">
                {t.alertsOff}
              </span>
            )}
          </p>
        </div>
        <a
          href={search.listingPath}
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          {t.viewListings}
          <Icon name="arrow-right" size={16} />
        </a>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3 border-t border-stone-100 pt-3">
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-stone-700">
            {t.emailMe}
          </label>
          <select
            id={selectId}
            value={search.frequency}
            disabled={busy}
            onChange={(e) => update.mutate({ frequency: e.target.value as SavedSearchFrequency })}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-sm"
          >
            {SAVED_SEARCH_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {frequencyWord(f)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={search.active}
          disabled={busy}
          onClick={() => update.mutate({ active: !search.active })}
          className={`${quietButton} border-stone-300 text-stone-800 hover:bg-stone-100`}
        >
          <span
            aria-hidden="true"
            className={`relative h-6 w-10 shrink-0 rounded-full transition-colors ${search.active ? 'bg-brand-600' : 'bg-stone-300'}`}
          >
            <span
              className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${search.active ? 'left-[1.125rem]' : 'left-0.5'}`}
            />
          </span>
          {t.alerts}
        </button>
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          {confirming ? (
            <>
              <span className="text-sm text-stone-800">{t.deleteThisSearch}</span>
              <button
                type="button"
                onClick={() => remove.mutate()}
                disabled={remove.isPending}
                className={`${quietButton} border-red-700 bg-red-700 text-white hover:bg-red-800`}
              >
                {remove.isPending ? t.deleting : t.yesDelete}
              </button>
              <button
                ref={keepRef}
                type="button"
                onClick={() => setConfirming(false)}
                className={`${quietButton} border-stone-300 text-stone-800 hover:bg-stone-100`}
              >
                {t.keepIt}
              </button>
            </>
          ) : (
            <button
              ref={deleteRef}
              type="button"
              onClick={() => setConfirming(true)}
              aria-label={fill(t.deleteSearch, { label: search.label })}
              className={`${quietButton} border-red-300 text-red-800 hover:bg-red-50`}
            >
              {t.delete}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
