import { useEffect, useId, useRef, useState } from 'react';
import { messageOf } from '../../../lib/api-call';
import { inputClass, secondaryButton } from '../../shared/form-field';
import { rowButton, rowDangerButton } from '../kit';
import { screenFiles, uploadImage, UPLOAD_FAILED } from './image-upload';

interface Upload {
  key: number;
  name: string;
  percent: number;
}

interface Props {
  images: string[];
  onChange: (images: string[]) => void;
  /** The field's message ("At least one image is required"). */
  error?: string;
  /** Tells the dialog whether uploads are still running (it waits for them before saving). */
  onBusyChange: (busy: boolean) => void;
  /** A failure to show in the dialog's red banner. */
  onProblem: (message: string | null) => void;
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/**
 * The dialog's images: files uploaded one request each with a progress bar,
 * checked for type and size first; a URL added by hand; each removed or moved up and down. The first
 * image is the cover.
 */
export function ImageList({ images, onChange, error, onBusyChange, onProblem }: Props) {
  const fileId = useId();
  const urlId = useId();
  const errorId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [url, setUrl] = useState('');
  const nextKey = useRef(0);
  // Uploads finish in any order; each adds its URL to the latest list.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);
  const aborts = useRef(new AbortController());
  // After a move, focus follows the moved image's button (or its other one at the list's end).
  const listRef = useRef<HTMLOListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ index: number; direction: 'up' | 'down' } | null>(
    null,
  );
  useEffect(() => {
    if (!focusAfterMove || !listRef.current) return;
    const { index, direction } = focusAfterMove;
    const label = (d: string) => `Move image ${index + 1} ${d}`;
    const button =
      listRef.current.querySelector<HTMLButtonElement>(
        `button[aria-label="${label(direction)}"]:not(:disabled)`,
      ) ??
      listRef.current.querySelector<HTMLButtonElement>(
        `button[aria-label="${label(direction === 'up' ? 'down' : 'up')}"]`,
      );
    button?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, images]);
  const moveImage = (from: number, to: number) => {
    onChange(move(images, from, to));
    setFocusAfterMove({ index: to, direction: to < from ? 'up' : 'down' });
  };
  useEffect(() => () => aborts.current.abort(), []);
  useEffect(() => onBusyChange(uploads.length > 0), [uploads.length, onBusyChange]);

  async function pick(files: File[]) {
    const { accepted, refused } = screenFiles(files);
    onProblem(refused.length > 0 ? refused.map((r) => `${r.file.name}: ${r.message}`).join(' ') : null);
    await Promise.all(
      accepted.map(async (file) => {
        const key = nextKey.current++;
        setUploads((list) => [...list, { key, name: file.name, percent: 0 }]);
        try {
          const uploaded = await uploadImage(file, {
            signal: aborts.current.signal,
            onProgress: (percent) =>
              setUploads((list) => list.map((u) => (u.key === key ? { ...u, percent } : u))),
          });
          latest.current = [...latest.current, uploaded];
          onChange(latest.current);
        } catch (cause) {
          if (!aborts.current.signal.aborted) onProblem(messageOf(cause, UPLOAD_FAILED));
        } finally {
          setUploads((list) => list.filter((u) => u.key !== key));
        }
      }),
    );
  }

  function addUrl() {
    const value = url.trim();
    if (!value) return;
    onChange([...images, value]);
    setUrl('');
  }

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="block text-sm font-semibold text-stone-800">Images</legend>
      <p className="text-sm text-stone-600">
        JPG, PNG or WEBP, up to 10 MB each. The first image is the cover.
      </p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div>
          <label
            htmlFor={fileId}
            className={`${secondaryButton} cursor-pointer focus-within:ring-2 focus-within:ring-brand-600`}
          >
            Upload images
            <input
              id={fileId}
              type="file"
              accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
              multiple
              className="sr-only"
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = '';
                void pick(files);
              }}
            />
          </label>
        </div>
        <div className="flex flex-1 items-end gap-2">
          <div className="flex-1">
            <label htmlFor={urlId} className="block text-sm font-semibold text-stone-800">
              Image URL
            </label>
            <input
              id={urlId}
              type="url"
              inputMode="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addUrl();
                }
              }}
              placeholder="https://…"
              className={inputClass}
            />
          </div>
          <button type="button" className={secondaryButton} onClick={addUrl} disabled={!url.trim()}>
            Add URL
          </button>
        </div>
      </div>

      {uploads.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Uploads in progress">
          {uploads.map((u) => (
            <li key={u.key} className="text-sm">
              <div className="flex justify-between gap-2 text-stone-700">
                <span className="truncate">{u.name}</span>
                <span>{u.percent}%</span>
              </div>
              <progress
                className="mt-1 h-2 w-full accent-brand-600"
                max={100}
                value={u.percent}
                aria-label={`Uploading ${u.name}`}
              />
            </li>
          ))}
        </ul>
      )}

      {images.length > 0 && (
        <ol ref={listRef} className="mt-3 space-y-2" aria-label="Property images">
          {images.map((src, i) => (
            <li
              key={`${src}-${i}`}
              className="flex items-center gap-3 rounded-lg border border-stone-200 p-2"
            >
              <img src={src} alt="" className="h-14 w-20 shrink-0 rounded object-cover" loading="lazy" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold text-ink">{i === 0 ? 'Cover image' : `Image ${i + 1}`}</p>
                <p className="truncate text-stone-600" title={src}>
                  {src}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap justify-end gap-1">
                <button
                  type="button"
                  className={rowButton}
                  onClick={() => moveImage(i, i - 1)}
                  disabled={i === 0}
                  aria-label={`Move image ${i + 1} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={rowButton}
                  onClick={() => moveImage(i, i + 1)}
                  disabled={i === images.length - 1}
                  aria-label={`Move image ${i + 1} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={rowDangerButton}
                  onClick={() => onChange(images.filter((_, j) => j !== i))}
                  aria-label={`Remove image ${i + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
