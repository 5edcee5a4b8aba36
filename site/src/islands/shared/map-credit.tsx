/**
 * The credit the map tiles' licence asks for, written as text (it comes from a setting), linked when
 * the tiles' copyright page is known (in a new tab: the form beside a map keeps what was typed).
 */
export function MapCredit({
  attribution,
  attributionUrl,
  label,
}: {
  attribution: string;
  attributionUrl: string | null;
  /** "Map data" in the page's language. */
  label: string;
}) {
  return (
    <span>
      {label}{' '}
      {attributionUrl ? (
        <a className="underline underline-offset-2" href={attributionUrl} rel="noopener" target="_blank">
          {attribution}
        </a>
      ) : (
        attribution
      )}
    </span>
  );
}
