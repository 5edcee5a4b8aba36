import { useEffect, type RefObject } from 'react';

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside a modal panel while it is open: focus starts on its first control
 * (or `initial`), Tab and Shift+Tab wrap around inside it, Escape calls `onEscape`, and when the
 * panel closes focus goes back to `returnTo` or to what had it before (the button that opened it).
 */
export function useFocusTrap(
  panel: RefObject<HTMLElement | null>,
  onEscape: () => void,
  {
    initial,
    returnTo,
  }: { initial?: RefObject<HTMLElement | null>; returnTo?: RefObject<HTMLElement | null> } = {},
) {
  useEffect(() => {
    const opener =
      returnTo?.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    (initial?.current ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    document.documentElement.classList.add('overflow-hidden');
    return () => {
      document.documentElement.classList.remove('overflow-hidden');
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening: the panel and the first control are fixed for the panel's life.
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!panel.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = panel.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel, onEscape]);
}
