// Class names the back-office screens share (the public site's are in ../../shared/form-field).
export const smallPrimaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700';
export const dangerButton =
  'inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700';
/** A small bordered action inside a row ("Edit", "Successful"). */
export const rowButton =
  'inline-flex items-center justify-center gap-1 rounded-md border border-stone-300 bg-white px-2.5 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-500';
export const rowDangerButton =
  'inline-flex items-center justify-center gap-1 rounded-md border border-red-300 bg-white px-2.5 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-stone-500';
export const selectClass =
  'mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 text-base text-ink focus:border-brand-600 aria-[invalid=true]:border-red-700';
/** The white panel a table or card list sits in. */
export const panelClass = 'overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm';
export const thClass = 'px-4 py-3 text-left text-sm font-semibold text-stone-700';
export const tdClass = 'px-4 py-3 align-top text-sm';
/** A pill: "Available", "Pending approval", "High". */
export const badge = {
  green: 'inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900',
  red: 'inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900',
  amber: 'inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900',
  blue: 'inline-block rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900',
  grey: 'inline-block rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800',
} as const;
