import { useId } from 'react';
import { ADMIN_PAGE_SIZES, pageWindow, showingRange } from '@fie/domain';
import { selectClass } from './styles';
import { inputClass } from '../../shared/form-field';

/** The list's search box ("Search properties..."), labelled for screen readers. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}) {
  const id = useId();
  return (
    <div className="w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={`${inputClass} mt-0`}
        autoComplete="off"
      />
    </div>
  );
}

/** A filter select ("All Statuses", "Ongoing", …); the first option's value is ''. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="w-full sm:w-64">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${selectClass} mt-0`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Under a list: "Showing X-Y of N things", the page-size choice (5/10/20/50) and up to 5 page
 * numbers around the current page with Previous/Next. `sizes={false}` hides the size choice (the
 * approval queues are fixed at 10); `hideSingle` hides the numbers when there is one page.
 */
export function ListFooter({
  page,
  pageSize,
  total,
  noun,
  onPage,
  onPageSize,
  sizes = true,
  hideSingle = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Plural, e.g. 'properties'; the singular is used for one. */
  noun: [one: string, many: string];
  onPage: (page: number) => void;
  onPageSize?: (size: number) => void;
  sizes?: boolean;
  hideSingle?: boolean;
}) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const { from, to } = showingRange(page, pageSize, total);
  const numbers = pageWindow(page, pages);
  const showNumbers = !(hideSingle && pages <= 1);
  return (
    <div className="flex flex-col gap-3 border-t border-stone-200 px-4 py-3 text-sm text-stone-700 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex flex-wrap items-center gap-4">
        <p aria-live="polite">
          Showing {from}-{to} of {total} {total === 1 ? noun[0] : noun[1]}
        </p>
        {sizes && onPageSize && (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId}>Per page</label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(e) => onPageSize(Number(e.target.value))}
              className="rounded-lg border border-stone-400 bg-white px-2 py-1.5 text-ink"
            >
              {ADMIN_PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {showNumbers && (
        <nav aria-label="Pages" className="flex flex-wrap items-center gap-1">
          <button type="button" className={PAGE_BUTTON} onClick={() => onPage(page - 1)} disabled={page <= 1}>
            Previous
          </button>
          {numbers.map((n) => (
            <button
              key={n}
              type="button"
              onClick={() => onPage(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              className={n === page ? CURRENT_PAGE_BUTTON : PAGE_BUTTON}
            >
              {n}
            </button>
          ))}
          <button
            type="button"
            className={PAGE_BUTTON}
            onClick={() => onPage(page + 1)}
            disabled={page >= pages}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

const PAGE_SHAPE = 'min-w-9 rounded-md border px-2.5 py-1.5 font-semibold';
const PAGE_BUTTON = `${PAGE_SHAPE} border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400`;
// Its own colours only: appended to PAGE_BUTTON's, bg-white won in the stylesheet and the number was white on white.
const CURRENT_PAGE_BUTTON = `${PAGE_SHAPE} border-brand-600 bg-brand-600 text-white hover:bg-brand-700`;

/** What a list shows when it has no rows: "No Properties Found" and a line under it. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="px-6 py-12 text-center">
      <p className="text-lg font-semibold text-ink">{title}</p>
      {children && <div className="mt-1 text-stone-700">{children}</div>}
    </div>
  );
}
