import type { ReactNode } from 'react';

/**
 * The row above a list: its heading and count on the left, search and filters, and the screen's
 * main action ("Add New Property") on the right; stacked on phones.
 */
export function ListToolbar({
  heading,
  children,
  action,
}: {
  heading: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-ink">{heading}</h2>
        {action}
      </div>
      {children && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">{children}</div>
      )}
    </div>
  );
}
