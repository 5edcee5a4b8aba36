// "This photo is also on listing X": the other listings that show one of a listing's photos, or a
// near copy of it, as the cms finds them (staff answers only), each with a link to look at it. The cms
// names the closest few; when a photo is on more listings, a line says how many more.
import { shortId, type CountRelation, type DuplicatePhoto } from '@fie/domain';

export function DuplicatePhotos({
  list,
  total,
  relation,
}: {
  list: DuplicatePhoto[] | undefined;
  total?: number;
  relation?: CountRelation;
}) {
  if (!list?.length) return null;
  const more = (total ?? list.length) - list.length;
  return (
    <ul className="mt-1 max-w-xs space-y-1" data-testid="duplicate-photos">
      {list.map((d) => (
        <li
          key={d.propertyId}
          className="flex items-center gap-2 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900"
        >
          {d.image && (
            <img
              src={d.image}
              alt=""
              width={32}
              height={24}
              loading="lazy"
              className="h-6 w-8 shrink-0 rounded object-cover"
            />
          )}
          <span>
            This photo is also on listing{' '}
            <a
              href={`/property/${encodeURIComponent(d.propertyId)}`}
              className="font-mono font-semibold underline underline-offset-2 hover:text-amber-950"
              title={`Listing ${d.propertyId}`}
            >
              {shortId(d.propertyId)}
            </a>
            {d.distance > 0 && <span className="text-amber-800"> (edited copy)</span>}
          </span>
        </li>
      ))}
      {more > 0 && (
        <li className="px-2 text-xs text-amber-900" data-testid="duplicate-photos-more">
          {relation === 'gte'
            ? `and more than ${more} other listings (a photo shared this widely is often a stock photo)`
            : `and ${more} other ${more === 1 ? 'listing' : 'listings'}`}
        </li>
      )}
    </ul>
  );
}
