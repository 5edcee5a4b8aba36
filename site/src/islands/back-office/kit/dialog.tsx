import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useFocusTrap } from './focus-trap';
import { secondaryButton } from '../../shared/form-field';
import { dangerButton, smallPrimaryButton } from './styles';

interface DialogProps {
  title: string;
  /** Called when the dialog should close (Escape, the close button, Cancel, the backdrop). */
  onClose: () => void;
  /** When true, closing first asks whether to discard the unsaved changes. */
  dirty?: boolean;
  /** A short line under the title. */
  description?: ReactNode;
  children: ReactNode;
  /** 'md' for forms of a few fields, 'lg' for the property and deal forms. */
  size?: 'sm' | 'md' | 'lg';
}

const WIDTH = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' } as const;

/** The open dialog's close request (asks first when dirty), for a Cancel button inside it. */
const RequestClose = createContext<(() => void) | null>(null);

/**
 * The back-office's modal dialog: labelled by its title, focus trapped inside, Escape closes it,
 * and a dialog whose form has unsaved changes asks "Discard changes?" before it closes.
 * On phones it fills the screen's width and scrolls inside.
 */
export function Dialog({ title, onClose, dirty = false, description, children, size = 'md' }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => {
    if (dirty) setAsking(true);
    else onClose();
  }, [dirty, onClose]);
  useFocusTrap(panel, asking ? () => setAsking(false) : requestClose);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  // A press on the backdrop (outside the panel) is a request to close.
  const backdrop = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = backdrop.current;
    const onDown = (event: MouseEvent) => {
      if (event.target === root) requestClose();
    };
    root?.addEventListener('mousedown', onDown);
    return () => root?.removeEventListener('mousedown', onDown);
  }, [requestClose]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-stone-950/60 p-2 sm:p-6"
      ref={backdrop}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={`relative my-auto w-full ${WIDTH[size]} rounded-xl bg-white shadow-xl`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-ink">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-stone-700">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={requestClose}
            className="rounded-lg px-2 py-1 text-xl leading-none text-stone-700 hover:bg-stone-100"
            aria-label="Close"
          >
            ×
          </button>
        </div>
        <div className="px-5 py-4">
          <RequestClose.Provider value={requestClose}>{children}</RequestClose.Provider>
        </div>
        {asking && (
          <div
            role="alertdialog"
            aria-labelledby={`${titleId}-discard`}
            className="absolute inset-0 flex items-center justify-center rounded-xl bg-white/95 p-6"
          >
            <div className="max-w-sm text-center">
              <p id={`${titleId}-discard`} className="font-semibold text-ink">
                Discard unsaved changes?
              </p>
              <p className="mt-1 text-sm text-stone-700">What you typed in this form will be lost.</p>
              <div className="mt-4 flex justify-center gap-3">
                <button type="button" className={secondaryButton} onClick={() => setAsking(false)} ref={keep}>
                  Keep editing
                </button>
                <button type="button" className={dangerButton} onClick={onClose}>
                  Discard
                </button>
              </div>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The buttons row at the bottom of a dialog's form: Cancel and the action. Without `onCancel`,
 * Cancel is the dialog's own close request, so a dirty form asks before discarding.
 */
export function DialogActions({
  onCancel,
  submitLabel,
  busy,
  busyLabel,
}: {
  onCancel?: () => void;
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
}) {
  const requestClose = useContext(RequestClose);
  const cancel = onCancel ?? requestClose ?? undefined;
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" className={secondaryButton} onClick={cancel}>
        Cancel
      </button>
      <button type="submit" className={smallPrimaryButton} disabled={busy} aria-busy={busy || undefined}>
        {busy ? (busyLabel ?? 'Saving…') : submitLabel}
      </button>
    </div>
  );
}

/**
 * A confirmation ("Delete Property", "Revoke admin"): the question, Cancel, and the action, which
 * stays disabled while it runs. `error` shows the server's refusal inside the dialog.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  danger = true,
  children,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  danger?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog title={title} onClose={onClose} size="sm">
      <p className="text-stone-800">{message}</p>
      {children}
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={danger ? dangerButton : smallPrimaryButton}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
