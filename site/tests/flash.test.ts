// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queueFlash, takeFlashes } from '../src/islands/shared/flash';

// jsdom does not navigate, so `flashAndGo` is queueFlash + location.assign; the page being opened is
// set with history.pushState, which changes location.pathname the way a real page load would.
beforeEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  history.pushState({}, '', '/property/abc');
});

describe('a flash carried over a page change', () => {
  it('opens the address it is for and is shown there, once', () => {
    queueFlash(
      { kind: 'error', message: 'Please log in to book a viewing' },
      '/login?next=%2Fproperty%2Fabc',
    );
    history.pushState({}, '', '/login?next=%2Fproperty%2Fabc');
    expect(takeFlashes()).toEqual([{ kind: 'error', message: 'Please log in to book a viewing' }]);
    expect(takeFlashes()).toEqual([]);
  });

  it('is not taken by the page being left, whose toaster may wake before the next page loads', () => {
    queueFlash(
      { kind: 'error', message: 'Please log in to book a viewing' },
      '/login?next=%2Fproperty%2Fabc',
    );
    // still on /property/abc: its idle toaster hydrates now
    expect(takeFlashes()).toEqual([]);
    history.pushState({}, '', '/login');
    expect(takeFlashes()).toEqual([{ kind: 'error', message: 'Please log in to book a viewing' }]);
  });

  it('leaves flashes for other pages queued and drops ones nobody took within a minute', () => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now - 61_000);
    queueFlash({ kind: 'success', message: 'old' }, '/dashboard');
    vi.spyOn(Date, 'now').mockReturnValue(now);
    queueFlash({ kind: 'success', message: 'Code sent' }, '/verify-otp');
    queueFlash({ kind: 'success', message: 'Verified' }, '/dashboard');
    history.pushState({}, '', '/dashboard');
    expect(takeFlashes()).toEqual([{ kind: 'success', message: 'Verified' }]);
    history.pushState({}, '', '/verify-otp');
    expect(takeFlashes()).toEqual([{ kind: 'success', message: 'Code sent' }]);
    expect(sessionStorage.getItem('fie:flash')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem('fie:flash', '{not json');
    expect(takeFlashes()).toEqual([]);
    sessionStorage.setItem('fie:flash', JSON.stringify([{ kind: 'error', message: 'no address' }, null, 7]));
    expect(takeFlashes()).toEqual([]);
  });
});
