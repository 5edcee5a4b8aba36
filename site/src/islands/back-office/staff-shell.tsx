import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Guard } from '../shared/guard';
import { AppToaster } from '../shared/app-toaster';
import { queryClient } from '../shared/query-client';
import { StaffLayout } from './staff-layout';
import { STAFF_PAGES, type StaffPageKey } from './staff-pages';

/** What StaffPage.astro gives every back-office island. */
export interface StaffScreenProps {
  page: StaffPageKey;
  brand: string;
  logoUrl: string | null;
}

/**
 * Every back-office island starts here: the page's guard (lib/session/guard.ts), the
 * query client and toaster, and the layout around the screen.
 */
export function StaffShell({ page, brand, logoUrl, children }: StaffScreenProps & { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Below the 64 px top bar (h-16 in staff-layout.tsx), never over its Logout button. */}
      <AppToaster top={80} />
      <Guard access={STAFF_PAGES[page].access}>
        <StaffLayout page={page} brand={brand} logoUrl={logoUrl}>
          {children}
        </StaffLayout>
      </Guard>
    </QueryClientProvider>
  );
}
