import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { fill, formatPrice, MESSAGES, type Favourite, type Property } from '@fie/domain';
import { mergeBrowserFavourites } from '../../lib/favourites/browser-favourites';
import { propertyImages } from '../../lib/images';
import { accountApi, accountKeys, messageOf } from '../shared/account-api';
import { Icon } from '../shared/icon';
import { formatViewingDate } from './appointments-tab';
import { BrowseLink, EmptyState } from './empty-state';
import { SavedSearchesSection } from './saved-searches-section';
import { useWords } from '../shared/island-words';
import { LANGUAGE_TAGS } from '../../i18n/routes';
import type { DashboardTexts } from '../../i18n/account';
/**
 * The account's favourites, after handing over any the browser kept while signed out: every way of
 * signing in ends on a page that reads this list or shows hearts, so none is left behind.
 */
export const favouritesQuery = (say: (message: string) => string) => ({
  queryKey: accountKeys.favourites,
  queryFn: async (): Promise<Favourite[]> => {
    const merged = await mergeBrowserFavourites();
    if (merged.full) toast.error(say(MESSAGES.favouritesFull));
    return accountApi.favourites();
  },
});

/** Saved: the seeker's favourite properties, newest first; ones no longer listed stay, marked, until removed. */
export function SavedTab({ query }: { query: UseQueryResult<Favourite[]> }) {
  const { t, say } = useWords<DashboardTexts>();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (propertyId: string) => accountApi.removeFavourite(propertyId),
    // The card goes at once; it comes back where it was if the server refuses.
    onMutate: async (propertyId) => {
      await client.cancelQueries({ queryKey: accountKeys.favourites });
      const before = client.getQueryData<Favourite[]>(accountKeys.favourites);
      client.setQueryData<Favourite[]>(accountKeys.favourites, (list) =>
        list?.filter((f) => f.propertyId !== propertyId),
      );
      return { before };
    },
    onError: (error, _id, context) => {
      if (context?.before) client.setQueryData(accountKeys.favourites, context.before);
      toast.error(messageOf(error, say(MESSAGES.favouriteNotUpdated)));
    },
  });

  return (
    <div className="space-y-8">
      <section aria-labelledby="saved-properties-heading">
        <h2
          id="saved-properties-heading"
          className="mb-4 flex items-center gap-2 text-xl font-semibold text-ink"
        >
          <Icon name="heart" size={20} />
          {t.savedProperties}
        </h2>
        {query.isPending ? (
          <p role="status" className="py-8 text-center text-stone-600">
            {t.loadingSaved}
          </p>
        ) : query.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {say(MESSAGES.loadFavouritesFailed)}
          </p>
        ) : query.data.length === 0 ? (
          <EmptyState
            title={say(MESSAGES.noSavedProperties)}
            detail={say(MESSAGES.noSavedPropertiesDetail)}
            action={<BrowseLink />}
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {query.data.map((favourite) => (
              <li key={favourite.propertyId} data-testid="saved-property">
                {favourite.available && favourite.property ? (
                  <SavedCard
                    property={favourite.property}
                    savedAt={favourite.savedAt}
                    onRemove={() => remove.mutate(favourite.propertyId)}
                  />
                ) : (
                  <GoneCard favourite={favourite} onRemove={() => remove.mutate(favourite.propertyId)} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <SavedSearchesSection />
    </div>
  );
}

/** "Saved Mon 9 Mar 2026" in the screen's language; nothing for an older favourite without a date. */
function useSavedOn() {
  const { t, language } = useWords<DashboardTexts>();
  return (savedAt: string | null) =>
    savedAt ? fill(t.savedOn, { date: formatViewingDate(savedAt.slice(0, 10), language) }) : null;
}
function SavedCard({
  property: p,
  savedAt,
  onRemove,
}: {
  property: Property;
  savedAt: string | null;
  onRemove: () => void;
}) {
  const { t, say, value, language, link } = useWords<DashboardTexts>();
  const locale = LANGUAGE_TAGS[language].html;
  const title = fill(t.typeIn, { type: value(p.propertyType), location: p.location });
  const cover = propertyImages(p)[0];
  const when = useSavedOn()(savedAt);
  return (
    <article className="relative isolate flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm hover:shadow-md">
      <div className="relative aspect-[3/2] bg-stone-200">
        {cover ? (
          <img
            src={cover.src}
            srcSet={cover.srcset}
            sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 92vw"
            alt={cover.alt}
            width={cover.width}
            height={cover.height}
            loading="lazy"
            decoding="async"
            data-fallback
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-stone-700">
            {say(MESSAGES.imageUnavailable)}
          </div>
        )}
        <button
          type="button"
          onClick={onRemove}
          aria-label={fill(t.removeFavourite, { title })}
          className="group absolute right-1 top-1 z-10 flex h-11 w-11 items-center justify-center rounded-full text-red-600 hover:text-red-700"
        >
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/95 shadow-sm group-hover:bg-white">
            <Icon name="heart" size={20} className="fill-current" />
          </span>
        </button>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {value(p.propertyType)} · {value(`For ${p.leaseType}`)}
        </p>
        <h3 className="font-semibold leading-snug">
          <a
            href={link(`/property/${p._id}`)}
            className="after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-3 focus-visible:after:outline-brand-600"
          >
            {title}
          </a>
        </h3>
        <p className="text-lg font-bold text-ink">
          {formatPrice(p.priceAmount, p.currency, locale)}
          {p.leaseType === 'Rent' && <span className="text-sm font-normal text-stone-600">{t.perMonth}</span>}
        </p>
        {p.currency === 'USD' && (
          <p className="-mt-1 text-xs text-stone-600">≈ {formatPrice(p.priceGhs, 'GHS', locale)}</p>
        )}
        <p className="flex items-center gap-1 text-sm text-stone-600">
          <Icon name="pin" size={14} className="shrink-0" />
          <span className="truncate">{p.location}</span>
        </p>
        {when && <p className="mt-auto pt-2 text-xs text-stone-600">{when}</p>}
      </div>
    </article>
  );
}

/** A favourite whose property left the listing: what it was, and a way to remove it; no photo, no link. */
function GoneCard({ favourite, onRemove }: { favourite: Favourite; onRemove: () => void }) {
  const { t, say } = useWords<DashboardTexts>();
  const title = favourite.label ?? t.aSavedProperty;
  const when = useSavedOn()(favourite.savedAt);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-dashed border-stone-300 bg-stone-50">
      {/* A short band on phones, where the cards stack; the photo's height beside other cards. */}
      <div className="flex h-24 flex-col items-center justify-center gap-2 bg-stone-100 text-stone-600 sm:h-auto sm:aspect-[3/2]">
        <Icon name="home" size={32} />
        <span className="text-sm font-semibold">{say(MESSAGES.favouriteNoLongerAvailable)}</span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-semibold leading-snug text-stone-700">{title}</h3>
        {when && <p className="text-xs text-stone-600">{when}</p>}
        <div className="mt-auto pt-3">
          <button
            type="button"
            onClick={onRemove}
            aria-label={fill(t.removeFavourite, { title })}
            className="inline-flex h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            <Icon name="heart" size={16} className="fill-current text-red-600" />
            {t.remove}
          </button>
        </div>
      </div>
    </article>
  );
}
