import { lazy, Suspense, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES } from '@fie/domain';
import { useSession } from '../../lib/session/use-session';
import { loginUrl } from '../../lib/session/store';
import { flashAndGo } from '../shared/flash';
import { primaryButton } from '../shared/form-field';
import { sayer } from '../shared/say';
import type { ViewingTexts } from '../../i18n/property-islands';
import type { IslandMessages } from '../../i18n/messages';
import type { Language } from '../../i18n/routes';

// The form (schemas, form library, slot loading) is fetched when the visitor opens it, so the
// property page's first load carries only this button.
const BookingForm = lazy(() => import('./booking-form'));

interface Props {
  propertyId: string;
  title: string;
  available: boolean;
  /** The page's language, its texts for the button and the form, and the shared messages they show. */
  language: Language;
  texts: ViewingTexts;
  messages: IslandMessages;
}

/** "Book a Viewing": signed-out visitors are sent to sign in and brought back; seekers pick a free slot. */
export default function BookViewing({ propertyId, title, available, language, texts: t, messages }: Props) {
  const say = sayer(messages);
  const { session, loading } = useSession();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  function start() {
    if (!session) {
      toast.error(say(MESSAGES.loginToBook));
      flashAndGo({ kind: 'error', message: say(MESSAGES.loginToBook) }, loginUrl(window.location.pathname));
      return;
    }
    setOpen(true);
    dialog.current?.showModal();
  }
  function close() {
    dialog.current?.close();
  }

  if (!available) {
    return (
      <p className="rounded-lg bg-stone-100 px-4 py-3 text-center font-medium text-stone-700">
        {t.notForViewing}
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className={primaryButton}
        onClick={start}
        disabled={loading}
        data-testid="book-viewing"
      >
        {t.bookViewing}
      </button>
      <dialog
        ref={dialog}
        onClose={() => setOpen(false)}
        aria-labelledby="book-title"
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl p-0 text-ink shadow-2xl backdrop:bg-black/50"
      >
        {open && (
          <Suspense
            fallback={
              <p className="p-6 text-stone-600" role="status">
                {t.loading}
              </p>
            }
          >
            <BookingForm
              propertyId={propertyId}
              title={title}
              onDone={close}
              language={language}
              texts={t}
              messages={messages}
            />
          </Suspense>
        )}
      </dialog>
    </>
  );
}
