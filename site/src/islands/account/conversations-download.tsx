import toast from 'react-hot-toast';
import { apiFetch } from '../../lib/session/store';
import { useWords } from '../shared/island-words';
import type { DashboardTexts } from '../../i18n/account';

/**
 * The seeker's copy of their conversations: every message of every enquiry and viewing, as data or as
 * a page to read or print. The cms answers it as a file; the access token goes with the request, so it
 * is fetched here and handed to the browser as a download.
 */
export function ConversationsDownload() {
  const { t } = useWords<DashboardTexts>();
  const download = async (format: 'json' | 'html') => {
    try {
      const res = await apiFetch(`/api/threads/export?format=${format}`, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name ?? `fie-homes-conversations.${format}`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toast.error(t.downloadFailed);
    }
  };
  const button =
    'inline-flex min-h-11 items-center font-semibold text-brand-700 underline hover:text-brand-800';
  return (
    <p className="mt-6 flex flex-wrap items-center gap-x-3 text-sm text-stone-700">
      <span>{t.downloadConversations}</span>
      <button type="button" className={button} onClick={() => void download('json')}>
        {t.asData}
      </button>
      <button type="button" className={button} onClick={() => void download('html')}>
        {t.asPage}
      </button>
    </p>
  );
}
