import { useEffect, useRef, type KeyboardEvent } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between them; only the selected one is in the Tab order. */
export function TabList<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: TabDef<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  // On a phone the row scrolls sideways: the chosen tab (by a click, the keys or the address's #hash)
  // is brought into view rather than left off-screen.
  useEffect(() => {
    refs.current[selected]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target]!;
    onSelect(tab.key);
    refs.current[tab.key]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className="-mx-4 flex gap-1 overflow-x-auto border-b border-stone-200 px-4 sm:mx-0 sm:px-0"
    >
      {tabs.map((tab, i) => (
        <button
          key={tab.key}
          ref={(el) => {
            refs.current[tab.key] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${tab.key}`}
          aria-selected={tab.key === selected}
          aria-controls={`panel-${tab.key}`}
          tabIndex={tab.key === selected ? 0 : -1}
          onClick={() => onSelect(tab.key)}
          onKeyDown={(event) => move(event, i)}
          className={`-mb-px whitespace-nowrap border-b-2 px-2 py-3 text-sm font-semibold sm:px-4 ${
            tab.key === selected
              ? 'border-brand-600 text-brand-700'
              : 'border-transparent text-stone-700 hover:text-ink'
          }`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
