// @vitest-environment jsdom
// While the cms's outbox waits for the mail server, a code request is answered at once with
// `emailDelayed: true`, and the screens say the code is on its way instead of sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@fie/domain';
import { accountApi, codeSentMessage } from '../src/islands/shared/account-api';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

describe('a code request while e-mail is slow', () => {
  it('keeps the answer’s emailDelayed, and the screens say the code is on its way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { message: MESSAGES.codeOnItsWay, emailDelayed: true })),
    );
    const delayed = await accountApi.requestCode('ama@example.com', 'reset');
    expect(delayed.emailDelayed).toBe(true);
    expect(codeSentMessage(delayed)).toBe(
      'Your code is on its way. E-mail is slow right now, so it may take a few minutes to arrive.',
    );

    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(201, {
          id: 'x1',
          email: 'ama@example.com',
          role: 'user',
          fullName: 'ama',
          emailDelayed: true,
        }),
      ),
    );
    expect(codeSentMessage(await accountApi.signup('ama@example.com', 'Passw0rdOk', 'en'))).toBe(
      MESSAGES.codeOnItsWay,
    );
  });

  it('says the code was sent when the answer does not say it is delayed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { message: MESSAGES.otpSent })),
    );
    expect(codeSentMessage(await accountApi.requestCode('ama@example.com', 'register'))).toBe(
      'OTP sent successfully! Please check your email.',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(201, { id: 'x1', email: 'ama@example.com', role: 'user', fullName: 'ama' })),
    );
    expect(codeSentMessage(await accountApi.signup('ama@example.com', 'Passw0rdOk', 'en'))).toBe(
      MESSAGES.otpSent,
    );
  });
});
