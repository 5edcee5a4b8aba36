// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import {
  checklistPasses,
  passwordChecklist,
  PasswordChecklist,
} from '../src/islands/shared/password-checklist';

afterEach(cleanup);

const failing = (password: string, confirmation: string) =>
  passwordChecklist(password, confirmation)
    .filter((i) => !i.ok)
    .map((i) => i.label);

describe('the live password checklist', () => {
  it('reports each rule on its own', () => {
    expect(failing('', '')).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
      'Passwords match',
    ]);
    expect(failing('abcdefgh', 'abcdefgh')).toEqual(['One uppercase letter', 'One number']);
    expect(failing('ABCDEFG1', 'ABCDEFG1')).toEqual(['One lowercase letter']);
    expect(failing('Abcdef1', 'Abcdef1')).toEqual(['At least 8 characters']);
    expect(failing('Abcdefg1', 'Abcdefg2')).toEqual(['Passwords match']);
  });

  it('passes only when every rule holds', () => {
    expect(checklistPasses(passwordChecklist('FieSeeker2026!', 'FieSeeker2026!'))).toBe(true);
    expect(checklistPasses(passwordChecklist('FieSeeker2026!', ''))).toBe(false);
  });

  it('tells screen readers which rules are done', () => {
    render(<PasswordChecklist items={passwordChecklist('abcdefgh', '')} />);
    expect(screen.getByText('At least 8 characters').textContent).toContain('(done)');
    expect(screen.getByText('One number').textContent).toContain('(not yet)');
  });
});
