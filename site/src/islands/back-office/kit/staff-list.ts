import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_DEFAULT_PAGE_SIZE } from '@fie/domain';
import { callApiPage } from '../../../lib/api-call';

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DELAY_MS = 300;

export interface StaffListOptions<T> {
  /** The TanStack Query key's first parts, e.g. ['staff', 'users']; mutations invalidate by it. */
  key: readonly string[];
  /** The endpoint, e.g. '/api/users'. */
  path: string;
  schema: z.ZodType<T[]>;
  pageSize?: number;
  /** Filters sent as query parameters when not '' (e.g. {status: ''}). */
  filters?: Record<string, string>;
}

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** The query string of one page: search, filters, page and size (empty values left out). */
export function listQuery(params: {
  search: string;
  page: number;
  pageSize: number;
  filters: Record<string, string>;
}): string {
  const query = new URLSearchParams();
  const search = params.search.trim();
  if (search) query.set('search', search);
  for (const [name, value] of Object.entries(params.filters)) if (value) query.set(name, value);
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize));
  return query.toString();
}

/**
 * One server-paged staff list (users, administrators, properties, appointments, enquiries, deals and
 * the approval queues): what is typed in the search box (sent once typing pauses), the filters, the
 * page and its size. Changing the search, a filter or the size goes back to page 1. The list is
 * refetched when the window regains focus and after every change a screen makes (it invalidates
 * `key`); the previous page stays on screen while the next one loads.
 */
export function useStaffList<T>({
  key,
  path,
  schema,
  pageSize: initialSize = ADMIN_DEFAULT_PAGE_SIZE,
  filters: initialFilters = {},
}: StaffListOptions<T>) {
  const [search, setSearchText] = useState('');
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState(initialSize);
  const settledSearch = useDebounced(search);
  // A new search resets the page once the search actually goes out.
  useEffect(() => setPage(1), [settledSearch]);

  const qs = listQuery({ search: settledSearch, page, pageSize, filters });
  const query = useQuery({
    queryKey: [...key, qs],
    queryFn: () => callApiPage(`${path}?${qs}`, schema, true),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A delete that empties the last page moves back one.
  useEffect(() => {
    if (query.data && page > pages) setPage(pages);
  }, [query.data, page, pages]);

  return {
    query,
    items: query.data?.items ?? [],
    total,
    pages,
    search,
    /** True while the typed search has not gone out yet or its answer is loading. */
    searching: search !== settledSearch || query.isPlaceholderData,
    /** Whether anything narrows the list (for "No deals yet" versus "No deals found"). */
    narrowed: settledSearch.trim() !== '' || Object.values(filters).some(Boolean),
    setSearch: setSearchText,
    filters,
    setFilter: (name: string, value: string) => {
      setFilters((current) => ({ ...current, [name]: value }));
      setPage(1);
    },
    page,
    setPage,
    pageSize,
    setPageSize: (size: number) => {
      setSize(size);
      setPage(1);
    },
  };
}

export type StaffList<T> = ReturnType<typeof useStaffList<T>>;
