import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounced } from '../kit';
import { inputClass } from '../../shared/form-field';

interface SearchPickerProps<T> {
  label: string;
  placeholder: string;
  /** The chosen item, or null. */
  value: T | null;
  onChange: (item: T | null) => void;
  /** Asks the server for the items matching what was typed (the first page only). */
  search: (text: string) => Promise<T[]>;
  queryKey: (text: string) => readonly unknown[];
  idOf: (item: T) => string;
  /** What the box shows once an item is chosen. */
  textOf: (item: T) => string;
  /** One option in the list (may be richer than textOf). */
  render: (item: T) => ReactNode;
  error?: string;
  /** Called when the server cannot answer (the dialog shows its banner). */
  onLoadError?: (error: unknown) => void;
  noMatches: string;
}

/**
 * A combobox that searches on the server as you type (the user picker searches accounts by e-mail
 * on the server, so it never downloads all users): the text goes out once typing
 * pauses, the first matches are listed, arrows move through them, Enter or a click chooses one and
 * Escape closes the list. ARIA 1.2 combobox with a listbox popup.
 */
export function SearchPicker<T>({
  label,
  placeholder,
  value,
  onChange,
  search,
  queryKey,
  idOf,
  textOf,
  render,
  error,
  onLoadError,
  noMatches,
}: SearchPickerProps<T>) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value ? textOf(value) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = useDebounced(text);
  const root = useRef<HTMLDivElement>(null);
  // While a choice is shown in the box, the list offers everything again rather than that one text.
  const term = value && typed === textOf(value) ? '' : typed;
  const results = useQuery({
    queryKey: queryKey(term.trim()),
    queryFn: () => search(term),
    enabled: open,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
  const items = results.data ?? [];

  useEffect(() => {
    if (results.isError) onLoadError?.(results.error);
  }, [results.isError, results.error, onLoadError]);
  useEffect(() => setActive(0), [term]);
  // A click outside closes the list.
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const choose = (item: T) => {
    onChange(item);
    setText(textOf(item));
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(items.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const item = items[active];
      if (item) choose(item);
    } else if (event.key === 'Escape' && open) {
      // Closes the list only, not the dialog around it.
      event.stopPropagation();
      setOpen(false);
    }
  };

  const activeItem = open ? items[active] : undefined;
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div ref={root} className="relative">
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open && items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeItem ? `${id}-opt-${idOf(activeItem)}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        className={inputClass}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          if (value) onChange(null);
        }}
        onKeyDown={onKeyDown}
      />
      {/* What the search is doing sits beside the list: a listbox holds options only. */}
      {open && items.length === 0 && (results.isFetching || results.isSuccess) && (
        <p
          role="status"
          className="absolute z-10 mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-700 shadow-lg"
        >
          {results.isFetching ? 'Searching…' : noMatches}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || items.length === 0}
        className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
      >
        {items.map((item, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard chooses in the combobox (arrows, Enter), as ARIA's pattern says
          <li
            key={idOf(item)}
            id={`${id}-opt-${idOf(item)}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-ink' : 'text-stone-800'}`}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(item)}
          >
            {render(item)}
          </li>
        ))}
      </ul>
      {error && (
        <p id={describedBy} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
