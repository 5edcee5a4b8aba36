// Image uploads of the property dialog: one request per file to the site's
// POST /api/upload, so each file has its own progress bar. fetch() cannot report upload progress,
// so this uses XMLHttpRequest, with the session's bearer token renewed once on a 401 as apiFetch does.
import { imageFileProblem, MESSAGES } from '@fie/domain';
import { ApiError } from '../../../lib/api-call';
import { clearSession, getSession, renewToken } from '../../../lib/session/store';

/** Whole percent of `loaded` out of `total` (0 while the total is unknown), never above 100. */
export function percentOf(loaded: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(loaded) || loaded <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/** The message shown when a picked file may not be uploaded (type, 10 MB), else null. */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  return imageFileProblem({ name: file.name, type: file.type, size: file.size });
}

/** Splits picked files into those to upload and those refused, each with its message. */
export function screenFiles<F extends Pick<File, 'name' | 'type' | 'size'>>(
  files: readonly F[],
): { accepted: F[]; refused: { file: F; message: string }[] } {
  const accepted: F[] = [];
  const refused: { file: F; message: string }[] = [];
  for (const file of files) {
    const message = fileProblem(file);
    if (message) refused.push({ file, message });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** What an XMLHttpRequest-like object must offer (tests pass a fake). */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface UploadOptions {
  onProgress: (percent: number) => void;
  /** Aborts the upload (the dialog closed). */
  signal?: AbortSignal;
  /** Makes the request; XMLHttpRequest in the browser. */
  makeRequest?: () => UploadRequest;
}

const messageIn = (text: string): string => {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body?.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
};

/** The uploaded file's URL from the cms's answer (an array of files), or null. */
function urlIn(text: string): string | null {
  try {
    const body = JSON.parse(text) as unknown;
    const first = Array.isArray(body) ? (body[0] as { url?: unknown } | undefined) : undefined;
    return typeof first?.url === 'string' ? first.url : null;
  } catch {
    return null;
  }
}

function sendOnce(
  file: Blob & { name?: string },
  token: string | undefined,
  options: UploadOptions,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = options.makeRequest
      ? options.makeRequest()
      : (new XMLHttpRequest() as unknown as UploadRequest);
    xhr.open('POST', '/api/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(percentOf(event.loaded, event.total));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError('', 0));
    xhr.onabort = () => reject(new ApiError('', 0));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('files', file, file.name ?? 'image');
    xhr.send(form);
  });
}

/**
 * Uploads one image and answers its URL. A refusal carries the server's message (type, size) in an
 * ApiError; a failure without one has an empty message, so the caller shows "Failed to upload images".
 */
export async function uploadImage(file: Blob & { name?: string }, options: UploadOptions): Promise<string> {
  const session = getSession();
  let res = await sendOnce(file, session?.token, options);
  if (res.status === 401 && session) {
    const token = await renewToken();
    if (!token) {
      if (getSession()?.token === session.token) clearSession();
      throw new ApiError(messageIn(res.text), 401);
    }
    options.onProgress(0);
    res = await sendOnce(file, token, options);
  }
  if (res.status < 200 || res.status >= 300) throw new ApiError(messageIn(res.text), res.status);
  const url = urlIn(res.text);
  if (!url) throw new ApiError('', res.status);
  options.onProgress(100);
  return url;
}

export const UPLOAD_FAILED = MESSAGES.uploadImagesFailed;
