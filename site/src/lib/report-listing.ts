// The "Report this listing" form of a property page (ReportListing.astro), plain DOM and loaded only
// when the form is first opened. Anyone may report: a signed-in visitor's token goes along (staff then
// see who reported), a signed-out visitor's report goes without one.
import { REPORT_DETAILS_MAX, REPORT_TEXT } from '@fie/domain/report-words';
import { fill } from '@fie/domain/i18n';
import { apiFetch } from './session/store';

/** The form's words in the page's language, as ReportListing.astro puts them on the dialog. */
export interface ReportTexts {
  locale: string;
  characters: string;
  sending: string;
  sendReport: string;
  chooseReason: string;
  reportSent: string;
  reportFailed: string;
  reportsFromNetwork: string;
  reportsForListing: string;
}

/**
 * The server's message for a refusal it explains (400, 404, 429), in the page's language where it is
 * one of the report's own; the general one otherwise.
 */
async function messageOf(res: Response, t: ReportTexts): Promise<string> {
  try {
    const body = (await res.json()) as { error?: { message?: unknown } };
    const message = body.error?.message;
    if (typeof message === 'string' && message && res.status < 500) {
      if (message === REPORT_TEXT.tooManyFromAddress) return t.reportsFromNetwork;
      if (message === REPORT_TEXT.tooManyForListing) return t.reportsForListing;
      return message;
    }
  } catch {
    // no JSON: the general message below
  }
  return t.reportFailed;
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
  const t = JSON.parse(dialog.dataset.texts ?? '{}') as ReportTexts;
  const count = (n: number) =>
    fill(t.characters, {
      count: n.toLocaleString(t.locale),
      max: REPORT_DETAILS_MAX.toLocaleString(t.locale),
    });

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
      error.textContent = t.chooseReason;
      form.querySelector<HTMLInputElement>('input[name="reason"]')?.focus();
      return;
    }
    error.textContent = '';
    submit.disabled = true;
    submit.textContent = t.sending;
    try {
      const text = details.value.trim();
      const res = await apiFetch(`/api/products/${encodeURIComponent(propertyId)}/reports`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Accept-Language': t.locale,
        },
        body: JSON.stringify(text ? { reason, details: text } : { reason }),
      });
      if (!res.ok) {
        error.textContent = await messageOf(res, t);
        return;
      }
      form.reset();
      counter.textContent = count(0);
      close();
      if (done) done.textContent = t.reportSent;
    } catch {
      error.textContent = t.reportFailed;
    } finally {
      submit.disabled = false;
      submit.textContent = t.sendReport;
    }
  }
}
