// Fresh listings in the back-office: the "Needs confirming" list and "Confirm still available".
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { needsConfirmingPageSchema, staffPropertySchema, type NeedsConfirmingPage } from '@fie/domain';
import { callApi, messageOf } from '../../../lib/api-call';

export const availabilityApi = {
  /** GET /api/products/needs-confirming (staff): approved listings to confirm, oldest confirmation first. */
  needsConfirming: (page: number, pageSize: number): Promise<NeedsConfirmingPage> =>
    callApi(
      `/api/products/needs-confirming?page=${page}&pageSize=${pageSize}`,
      { method: 'GET' },
      needsConfirmingPageSchema,
      true,
    ),
  /** PUT /api/products/:id/confirm-availability (staff): answers the property. */
  confirm: (id: string) =>
    callApi(`/api/products/${id}/confirm-availability`, { method: 'PUT' }, staffPropertySchema, true),
};

export const availabilityKeys = {
  needsConfirming: ['staff', 'needs-confirming'] as const,
};

export const CONFIRMED_TOAST = 'Confirmed still available. It is back in the listing.';
export const CONFIRM_FAILED = 'Failed to confirm the listing. Please try again.';

/**
 * Confirms a listing, with a toast either way, and refreshes every staff list that shows it (the
 * "Needs confirming" card and list, the property rows). Answers the id being confirmed, for the button.
 */
export function useConfirmAvailability() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  async function confirm(id: string): Promise<boolean> {
    setConfirming(id);
    try {
      await availabilityApi.confirm(id);
      toast.success(CONFIRMED_TOAST);
      return true;
    } catch (cause) {
      toast.error(messageOf(cause, CONFIRM_FAILED));
      return false;
    } finally {
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.needsConfirming });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'properties'] });
    }
  }
  return { confirm, confirming };
}
