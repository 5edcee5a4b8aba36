import { useEffect } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@fie/domain';
import { takeFlashes } from './flash';

/** Toasts at the top right, closing after 5 seconds (seed 000, section 8); shows queued ones once. */
export function AppToaster() {
  useEffect(() => {
    for (const flash of takeFlashes()) toast[flash.kind](flash.message);
  }, []);
  return <Toaster position="top-right" toastOptions={{ duration: TOAST_DURATION_MS, style: { color: '#1f2933' } }} />;
}
