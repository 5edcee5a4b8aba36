import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@fie/domain';
import { ErrorBanner } from '../../shared/form-field';
import { messageOf } from '../../../lib/api-call';

/** A dismissible green banner that closes itself after 5 s. */
export function SuccessBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900"
    >
      <p className="flex-1">{message}</p>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded px-1 font-bold text-green-900 hover:bg-green-100"
        aria-label="Dismiss message"
      >
        ×
      </button>
    </div>
  );
}

/**
 * A screen's banners: `fail(error, fallback)` shows the server's message or the fallback in the red
 * banner; `succeed(message)` shows the green one and the top-right toast. Render
 * `<Banners state={…} />` above the list.
 */
export function useBanners() {
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const clearSuccess = useCallback(() => setSuccess(null), []);
  const clearError = useCallback(() => setError(null), []);
  const succeed = useCallback(
    (message: string, { banner = true, toastText }: { banner?: boolean; toastText?: string } = {}) => {
      setError(null);
      if (banner) setSuccess(message);
      toast.success(toastText ?? message);
    },
    [],
  );
  const fail = useCallback((cause: unknown, fallback: string, { toastText }: { toastText?: string } = {}) => {
    setSuccess(null);
    setError(messageOf(cause, fallback));
    if (toastText) toast.error(toastText);
  }, []);
  return { succeed, fail, clearError, clearSuccess, error, success };
}

export type BannerState = ReturnType<typeof useBanners>;

/** The green and red banners of `useBanners()`, above a screen's list. */
export function Banners({ state }: { state: BannerState }) {
  return (
    <>
      {state.success && <SuccessBanner message={state.success} onDismiss={state.clearSuccess} />}
      {state.error && <ErrorBanner message={state.error} onDismiss={state.clearError} />}
    </>
  );
}
