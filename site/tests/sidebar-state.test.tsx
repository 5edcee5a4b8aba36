// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import {
  isSidebarCollapsed,
  SIDEBAR_STORAGE_KEY,
  useSidebar,
} from '../src/islands/back-office/sidebar-state';
import { fakeScreen } from './staff-support';

let screen: ReturnType<typeof fakeScreen>;
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  screen?.restore();
});

describe('the sidebar width rule', () => {
  it('follows the remembered choice on wide screens and collapses under 1024 px unless opened there', () => {
    expect(isSidebarCollapsed({ wide: true, preference: false, openWhileNarrow: false })).toBe(false);
    expect(isSidebarCollapsed({ wide: true, preference: true, openWhileNarrow: false })).toBe(true);
    expect(isSidebarCollapsed({ wide: false, preference: false, openWhileNarrow: false })).toBe(true);
    expect(isSidebarCollapsed({ wide: false, preference: true, openWhileNarrow: true })).toBe(false);
  });
});

describe('useSidebar', () => {
  it('starts open and remembers a collapse for the next page', () => {
    screen = fakeScreen(1280);
    const first = renderHook(() => useSidebar());
    expect(first.result.current.collapsed).toBe(false);
    act(() => first.result.current.toggle());
    expect(first.result.current.collapsed).toBe(true);
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('collapsed');
    first.unmount();

    const next = renderHook(() => useSidebar());
    expect(next.result.current.collapsed).toBe(true);
    act(() => next.result.current.toggle());
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('open');
  });

  it('collapses by itself when the window narrows under 1024 px and comes back as remembered', () => {
    screen = fakeScreen(1280);
    const { result } = renderHook(() => useSidebar());
    expect(result.current.collapsed).toBe(false);
    act(() => screen.resize(1023));
    expect(result.current.collapsed).toBe(true);
    act(() => screen.resize(1024));
    expect(result.current.collapsed).toBe(false);
  });

  it('opens under 1024 px for the moment without changing the remembered choice', () => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, 'collapsed');
    screen = fakeScreen(900);
    const { result } = renderHook(() => useSidebar());
    expect(result.current.collapsed).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.collapsed).toBe(false);
    expect(localStorage.getItem(SIDEBAR_STORAGE_KEY)).toBe('collapsed');
    // Growing past 1024 px gives the remembered choice back; narrowing again collapses.
    act(() => screen.resize(1280));
    expect(result.current.collapsed).toBe(true);
    act(() => screen.resize(900));
    expect(result.current.collapsed).toBe(true);
  });

  it('starts open when storage is unavailable', () => {
    screen = fakeScreen(1280);
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    try {
      expect(renderHook(() => useSidebar()).result.current.collapsed).toBe(false);
    } finally {
      Storage.prototype.getItem = getItem;
    }
  });
});
