import { useEffect, type ReactNode } from 'react';
import { MESSAGES } from '@fie/domain';
import { guardDecision, type Access } from '../../lib/session/guard';
import { verifySession } from '../../lib/session/store';
import { useSession } from '../../lib/session/use-session';
import { useWords } from './island-words';

/** Shows its children only to the right accounts; others are sent away (replace, so Back works). */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const { session, loading } = useSession();
  const { say } = useWords();
  const decision = loading
    ? null
    : guardDecision(
        session,
        access,
        `${window.location.pathname}${window.location.search}${window.location.hash}`,
      );
  const redirect = decision && !decision.allow ? decision.redirect : null;

  useEffect(() => {
    void verifySession();
  }, []);
  useEffect(() => {
    if (redirect) window.location.replace(redirect);
  }, [redirect]);

  if (!decision || !decision.allow) {
    return (
      <p role="status" className="py-16 text-center text-stone-600">
        {say(MESSAGES.loadingSecureArea)}
      </p>
    );
  }
  return <>{children}</>;
}
