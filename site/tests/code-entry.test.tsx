// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { MESSAGES } from '@fie/domain';
import { CodeBoxes } from '../src/islands/account/code-boxes';
import { CodeEntry } from '../src/islands/account/code-entry';
import {
  backspaceInBox,
  canResend,
  emptyCode,
  formatCountdown,
  pastedCode,
  resendWait,
  secondsLeft,
  typeInBox,
} from '../src/islands/account/code-entry-logic';
import { renderWith } from './words';
import { AUTH } from '../src/i18n/account';

const render = renderWith({ language: 'en', texts: AUTH.en, messages: {} });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('code box rules', () => {
  it('typing a digit fills the box and moves forward; other characters are ignored', () => {
    expect(typeInBox(['', '', '', ''], 0, '7')).toEqual({ code: ['7', '', '', ''], focus: 1 });
    expect(typeInBox(['1', '2', '3', ''], 3, '4')).toEqual({ code: ['1', '2', '3', '4'], focus: 3 });
    expect(typeInBox(['5', '', '', ''], 0, '58')).toEqual({ code: ['8', '', '', ''], focus: 1 });
    expect(typeInBox(['', '', '', ''], 1, 'a')).toEqual({ code: ['', '', '', ''], focus: 1 });
  });

  it('Backspace clears a filled box, and on an empty box moves back', () => {
    expect(backspaceInBox(['1', '2', '', ''], 1)).toEqual({ code: ['1', '', '', ''], focus: 1 });
    expect(backspaceInBox(['1', '2', '', ''], 2)).toEqual({ code: ['1', '', '', ''], focus: 1 });
    expect(backspaceInBox(['', '', '', ''], 0)).toEqual({ code: ['', '', '', ''], focus: 0 });
  });

  it('a pasted 4-digit code fills all boxes; anything else is refused', () => {
    expect(pastedCode('4821')).toEqual(['4', '8', '2', '1']);
    expect(pastedCode(' 48 21 ')).toEqual(['4', '8', '2', '1']);
    expect(pastedCode('482')).toBeNull();
    expect(pastedCode('48211')).toBeNull();
    expect(pastedCode('48a1')).toBeNull();
  });
});

function Harness() {
  const [code, setCode] = useState(emptyCode);
  return <CodeBoxes value={code} onChange={setCode} />;
}

describe('the code boxes', () => {
  it('move focus forward on typing, back on Backspace in an empty box, and fill on paste', () => {
    render(<Harness />);
    const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
    boxes[0]!.focus();
    fireEvent.keyDown(boxes[0]!, { key: '3' });
    expect(document.activeElement).toBe(boxes[1]);
    // A phone keyboard's digit arrives as input, not as a key.
    fireEvent.change(boxes[1]!, { target: { value: '9' } });
    expect(document.activeElement).toBe(boxes[2]);
    fireEvent.keyDown(boxes[2]!, { key: 'Backspace' });
    expect(document.activeElement).toBe(boxes[1]);
    expect(boxes.map((b) => b.value)).toEqual(['3', '', '', '']);

    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '4821' } });
    expect(boxes.map((b) => b.value)).toEqual(['4', '8', '2', '1']);
    expect(document.activeElement).toBe(boxes[3]);
  });

  it('move on when the digit typed is the one already in the box (typing a code over a wrong one)', () => {
    render(<Harness />);
    const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '0000' } });
    boxes[0]!.focus();
    for (const [i, digit] of ['9', '1', '0', '8'].entries()) fireEvent.keyDown(boxes[i]!, { key: digit });
    expect(boxes.map((b) => b.value)).toEqual(['9', '1', '0', '8']);
  });
});

describe('the countdown', () => {
  it('counts down from 3600 seconds and never below zero', () => {
    const sent = 1_000_000;
    expect(secondsLeft(sent, sent)).toBe(3600);
    expect(secondsLeft(sent, sent + 59_999)).toBe(3541);
    expect(secondsLeft(sent, sent + 3_600_000)).toBe(0);
    expect(secondsLeft(sent, sent + 9_999_999)).toBe(0);
    expect(formatCountdown(3600)).toBe('60:00');
    expect(formatCountdown(3541)).toBe('59:01');
    expect(formatCountdown(5)).toBe('00:05');
  });

  it('allows Resend only once 60 seconds have passed (disabled while more than 3540 s remain)', () => {
    expect(canResend(3541)).toBe(false);
    expect(canResend(3540)).toBe(true);
    expect(resendWait(3600)).toBe(60);
    expect(resendWait(3541)).toBe(1);
    expect(resendWait(100)).toBe(0);
  });
});

describe('the code screen', () => {
  it('says the code was sent, or, while e-mail is slow, that it is on its way', () => {
    const { rerender } = render(
      <CodeEntry
        email="ama@example.com"
        sentAt={Date.now()}
        submitLabel="Verify"
        onVerify={async () => {}}
        onResend={async () => Date.now()}
      />,
    );
    expect(screen.getByText(/We sent a 4-digit code to/).textContent).toBe(
      'We sent a 4-digit code to ama@example.com.',
    );
    rerender(
      <CodeEntry
        email="ama@example.com"
        sentAt={Date.now()}
        delayed
        submitLabel="Verify"
        onVerify={async () => {}}
        onResend={async () => Date.now()}
      />,
    );
    expect(screen.getByText(/on its way/).textContent).toBe(
      'Your 4-digit code is on its way to ama@example.com. E-mail is slow right now, so it may take a few minutes to arrive.',
    );
    expect(screen.queryByText(/We sent/)).toBeNull();
  });

  it('keeps Resend disabled for 60 s, then resending restarts the timer and clears the boxes', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
    const onResend = vi.fn(async () => Date.now());
    render(
      <CodeEntry
        email="ama@example.com"
        sentAt={Date.now()}
        submitLabel="Verify"
        onVerify={async () => {}}
        onResend={onResend}
      />,
    );
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByTestId('otp-countdown').textContent).toBe('60:00');

    const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
    fireEvent.keyDown(boxes[0]!, { key: '1' });
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByText('You can ask for a new code in 1 s.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(resend).toHaveProperty('disabled', false);
    expect(screen.getByTestId('otp-countdown').textContent).toBe('59:00');

    await act(async () => fireEvent.click(resend));
    expect(onResend).toHaveBeenCalledOnce();
    expect(boxes.map((b) => b.value)).toEqual(['', '', '', '']);
    expect(screen.getByTestId('otp-countdown').textContent).toBe('60:00');
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveProperty('disabled', true);
  });

  it('asks for all four digits, and shows the expiry message at 0', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
    const onVerify = vi.fn(async () => {});
    render(
      <CodeEntry
        email="ama@example.com"
        sentAt={Date.now()}
        submitLabel="Verify"
        onVerify={onVerify}
        onResend={async () => Date.now()}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.incompleteOtp);
    expect(onVerify).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(3_600_000));
    expect(screen.getByText(MESSAGES.expiredOtp)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true);
  });

  it('sends the typed code and shows the server refusal', async () => {
    const onVerify = vi.fn(async () => {
      throw new Error(MESSAGES.invalidOtp);
    });
    render(
      <CodeEntry
        email="ama@example.com"
        sentAt={Date.now()}
        submitLabel="Verify"
        onVerify={onVerify}
        onResend={async () => Date.now()}
      />,
    );
    const boxes = screen.getAllByRole('textbox');
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '1234' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verify' })));
    expect(onVerify).toHaveBeenCalledWith('1234');
    expect(screen.getByRole('alert').textContent).toContain(MESSAGES.invalidOtp);
  });
});
