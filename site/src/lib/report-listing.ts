// The "Report this listing" form of a property page (ReportListing.astro), plain DOM and loaded only
// when the form is first opened. Anyone may report: a signed-in visitor's token goes along (staff then
// see who reported), a signed-out visitor's report goes without one.
import { REPORT_DETAILS_MAX, REPORT_TEXT } from '@fie/domain/report-words';
import { apiFetch } from './session/store';

/** The same words as the cms's schema gives for a missing reason (shown before anything is sent). */
export const CHOOSE_REASON = 'Choose why you are reporting this listing';

const count = (n: number) =>
  `${n.toLocaleString('en-GB')} / ${REPORT_DETAILS_MAX.toLocaleString('en-GB')} characters`;

/** The server's message for a refusal it explains (400, 404, 429); the general one otherwise. */
async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: unknown } };
    const message = body.error?.message;
    if (typeof message === 'string' && message && res.status < 500) return message;
  } catch {
    // no JSON: the general message below
  }
  return REPORT_TEXT.failed;
}

/** Sets up the form inside `dialog` once (a second open finds it ready). */
export function wireReportForm(dialog: HTMLDialogElement): void {
  if (dialog.dataset.wired) return;
  dialog.dataset.wired = '1';
  const form = dialog.querySelector<HTMLFormElement>('[data-report-form]')!;
  const details = form.querySelector<HTMLTextAreaElement>('textarea[name="details"]')!;
  const counter = form.querySelector<HTMLElement>('[data-report-count]')!;
  const error = form.querySelector<HTMLElement>('[data-report-error]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const done = dialog.parentElement?.querySelector<HTMLElement>('[data-report-done]');
  const propertyId = dialog.dataset.property ?? '';

  const close = () => dialog.close();
  dialog.querySelectorAll('[data-report-cancel]').forEach((b) => b.addEventListener('click', close));
  // A click on the backdrop (outside the form's box) closes it, as the site's other dialogs do.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) close();
  });
  // Choosing a reason answers "Choose why…": the message goes with it.
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name === 'reason') error.textContent = '';
  });
  details.addEventListener('input', () => {
    counter.textContent = count(details.value.length);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });

  async function send(): Promise<void> {
    const reason = new FormData(form).get('reason');
    if (typeof reason !== 'string' || !reason) {
      error.textContent = CHOOSE_REASON;
      form.querySelector<HTMLInputElement>('input[name="reason"]')?.focus();
      return;
    }
    error.textContent = '';
    submit.disabled = true;
    submit.textContent = 'Sending…';
    try {
      const text = details.value.trim();
      const res = await apiFetch(`/api/products/${encodeURIComponent(propertyId)}/reports`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(text ? { reason, details: text } : { reason }),
      });
      if (!res.ok) {
        error.textContent = await messageOf(res);
        return;
      }
      form.reset();
      counter.textContent = count(0);
      close();
      if (done) done.textContent = REPORT_TEXT.sent;
    } catch {
      error.textContent = REPORT_TEXT.failed;
    } finally {
      submit.disabled = false;
      submit.textContent = 'Send report';
    }
  }
}
