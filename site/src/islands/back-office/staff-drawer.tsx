import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useFocusTrap } from './kit/focus-trap';

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

  useFocusTrap(panel, onClose, { returnTo: returnFocusTo });

  useEffect(() => {
    // A tap on the backdrop closes it. (Listened to on the drawer's own root, not the document: the
    // click that opened the drawer is still bubbling up to the document when this effect runs.)
    const backdrop = root.current;
    const onClick = (event: MouseEvent) => {
      if (panel.current && event.target instanceof Node && !panel.current.contains(event.target)) onClose();
    };
    backdrop?.addEventListener('click', onClick);
    return () => backdrop?.removeEventListener('click', onClick);
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
