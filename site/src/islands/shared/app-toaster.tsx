import { useEffect } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@fie/domain';
import { takeFlashes } from './flash';

/**
 * Toasts at the top right, closing after 5 seconds; shows queued ones once.
 * `top` moves them below a sticky bar (the back-office's 64 px top bar), so a toast never covers the
 * bar's buttons, Logout among them, for its 5 seconds.
 */
export function AppToaster({ top = 16 }: { top?: number } = {}) {
  useEffect(() => {
    for (const flash of takeFlashes()) toast[flash.kind](flash.message);
  }, []);
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top }}
      toastOptions={{ duration: TOAST_DURATION_MS, style: { color: '#1f2933' } }}
    />
  );
}
