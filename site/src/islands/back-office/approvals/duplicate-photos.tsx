// "This photo is also on listing X": the other listings that show one of a listing's photos, or a
// near copy of it, as the cms finds them (staff answers only), each with a link to look at it.
import { shortId, type DuplicatePhoto } from '@fie/domain';

export function DuplicatePhotos({ list }: { list: DuplicatePhoto[] | undefined }) {
  if (!list?.length) return null;
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
    </ul>
  );
}
