// The back-office sidebar's width: 256 px open,
// 72 px collapsed, the choice remembered in this browser, and collapsed by itself under 1024 px.
// Under 768 px (Tailwind's md) it is not docked at all: the top bar's menu button opens it as a drawer.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

export const SIDEBAR_STORAGE_KEY = 'fie:staff-sidebar';
export const SIDEBAR_OPEN_PX = 256;
export const SIDEBAR_COLLAPSED_PX = 72;
export const AUTO_COLLAPSE_BELOW_PX = 1024;
const WIDE_QUERY = `(min-width: ${AUTO_COLLAPSE_BELOW_PX}px)`;

/** The remembered choice: true when the person collapsed the sidebar on a wide screen. */
export function readCollapsedPreference(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'collapsed';
  } catch {
    return false; // storage disabled: open, as for a first visit
  }
}

export function writeCollapsedPreference(collapsed: boolean): void {
  try {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, collapsed ? 'collapsed' : 'open');
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/**
 * Whether the docked sidebar is drawn collapsed. On a wide screen the remembered choice decides.
 * Under 1024 px it collapses by itself; opening it there lasts until the width changes and is not
 * remembered, so the wide-screen choice is still there when the window grows again.
 */
export function isSidebarCollapsed(state: {
  wide: boolean;
  preference: boolean;
  openWhileNarrow: boolean;
}): boolean {
  return state.wide ? state.preference : !state.openWhileNarrow;
}

/**
 * Whether a `(min-width: …)` media query matches, following resizes. Without matchMedia (very old
 * browsers, some test DOMs) the screen counts as wide.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true);
  return useSyncExternalStore(subscribe, matches, () => true);
}

export interface SidebarState {
  collapsed: boolean;
  toggle: () => void;
}

export function useSidebar(): SidebarState {
  const wide = useMediaQuery(WIDE_QUERY);
  const [preference, setPreference] = useState(readCollapsedPreference);
  const [openWhileNarrow, setOpenWhileNarrow] = useState(false);

  // Crossing 1024 px starts over: collapsed below it, the remembered choice above it.
  useEffect(() => setOpenWhileNarrow(false), [wide]);

  const toggle = useCallback(() => {
    if (!wide) {
      setOpenWhileNarrow((open) => !open);
      return;
    }
    writeCollapsedPreference(!preference);
    setPreference(!preference);
  }, [wide, preference]);

  return { collapsed: isSidebarCollapsed({ wide, preference, openWhileNarrow }), toggle };
}
