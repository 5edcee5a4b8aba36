import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The phones' menu: a modal panel from the left. While it is open the rest of the page is inert
 * (the layout sets that), focus starts on its first control and stays inside it, Escape or a tap
 * on the backdrop closes it, and focus goes back to the button that opened it.
 */
export function StaffDrawer({
  id,
  label,
  onClose,
  returnFocusTo,
  children,
}: {
  id: string;
  label: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = returnFocusTo.current;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    document.documentElement.classList.add('overflow-hidden');
    return () => {
      document.documentElement.classList.remove('overflow-hidden');
      opener?.focus();
    };
  }, [returnFocusTo]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
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
    // A tap on the backdrop closes it. (Listened to on the drawer's own root, not the document: the
    // click that opened the drawer is still bubbling up to the document when this effect runs.)
    const backdrop = root.current;
    const onClick = (event: MouseEvent) => {
      if (panel.current && event.target instanceof Node && !panel.current.contains(event.target)) onClose();
    };
    document.addEventListener('keydown', onKey);
    backdrop?.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      backdrop?.removeEventListener('click', onClick);
    };
  }, [onClose]);

  return (
    <div ref={root} className="fixed inset-0 z-40 md:hidden">
      <div className="absolute inset-0 bg-stone-950/60" aria-hidden="true" />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className="absolute inset-y-0 left-0 flex w-64 max-w-[85vw] flex-col overflow-y-auto bg-stone-900 text-stone-100 shadow-xl"
      >
        {children}
      </div>
    </div>
  );
}
