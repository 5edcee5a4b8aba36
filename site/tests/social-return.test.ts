// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCIAL_RETURN } from '../src/scripts/inline/index.mjs';
import { getSession } from '../src/lib/session/store';

/** Runs the inline script as the browser would, with the address it was opened at. */
function openAt(search: string, hash = '') {
  const replace = vi.fn();
  const replaceState = vi.fn();
  const location = { search, hash, pathname: '/', replace };
  new Function('location', 'history', SOCIAL_RETURN)(location, { replaceState });
  return { replace, replaceState };
}

beforeEach(() => localStorage.clear());

describe('the social sign-in return (first script of every page)', () => {
  it('takes the query out of the address bar and history first, stores the session as the store does, and goes to /dashboard', () => {
    const { replace, replaceState } = openAt('?token=tok&id=u1&email=esi%40gmail.com&role=user');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(getSession()).toEqual({
      token: 'tok',
      user: { id: 'u1', email: 'esi@gmail.com', role: 'user', fullName: 'esi' },
    });
    expect(replace).toHaveBeenCalledWith('/dashboard');
    expect(replaceState.mock.invocationCallOrder[0]!).toBeLessThan(replace.mock.invocationCallOrder[0]!);
  });

  it('keeps other query values and the fragment', () => {
    const { replaceState } = openAt('?utm=x&token=tok&id=u1&email=a%40b.co&role=admin', '#top');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/?utm=x#top');
  });

  it('a token without all four values is still removed from the address, but signs nobody in', () => {
    const { replace, replaceState } = openAt('?token=tok&email=a@b.c');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(replace).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it('an unknown role signs nobody in', () => {
    openAt('?token=tok&id=u1&email=a%40b.co&role=root');
    expect(getSession()).toBeNull();
  });

  it('leaves pages without a token alone', () => {
    const { replace, replaceState } = openAt('?page=2');
    expect(replaceState).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
  });
});
