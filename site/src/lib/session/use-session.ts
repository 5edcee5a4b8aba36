import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './store';

export interface SessionState {
  /** null when signed out; meaningless while `loading`. */
  session: Session | null;
  /** True on the server and during hydration, before localStorage could be read. */
  loading: boolean;
}

const LOADING: SessionState = { session: null, loading: true };
let last: SessionState = LOADING;

function snapshot(): SessionState {
  const session = getSession();
  if (last.loading || last.session !== session) last = { session, loading: false };
  return last;
}

/** The browser session for React islands; every island shares the one store. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, snapshot, () => LOADING);
}
