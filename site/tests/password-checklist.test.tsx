// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import {
  checklistPasses,
  passwordChecklist,
  PasswordChecklist,
} from '../src/islands/shared/password-checklist';
import { WithWords } from '../src/islands/shared/island-words';
import { AUTH } from '../src/i18n/account';
import { carryStaffPageWords } from './page-words';

// Rendered as on a back-office page, which carries the English words of the parts it shares.
carryStaffPageWords();

afterEach(cleanup);

const failing = (password: string, confirmation: string) =>
  passwordChecklist(password, confirmation)
    .filter((i) => !i.ok)
    .map((i) => i.rule);

describe('the live password checklist', () => {
  it('reports each rule on its own', () => {
    expect(failing('', '')).toEqual([
      'ruleLength',
      'ruleUppercase',
      'ruleLowercase',
      'ruleDigit',
      'ruleMatch',
    ]);
    expect(failing('abcdefgh', 'abcdefgh')).toEqual(['ruleUppercase', 'ruleDigit']);
    expect(failing('ABCDEFG1', 'ABCDEFG1')).toEqual(['ruleLowercase']);
    expect(failing('Abcdef1', 'Abcdef1')).toEqual(['ruleLength']);
    expect(failing('Abcdefg1', 'Abcdefg2')).toEqual(['ruleMatch']);
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

  it("speaks the screen's language", () => {
    render(
      <WithWords words={{ language: 'fr', texts: AUTH.fr, messages: {} }}>
        <PasswordChecklist items={passwordChecklist('abcdefgh', '')} />
      </WithWords>,
    );
    expect(screen.getByRole('list', { name: 'Règles du mot de passe' })).toBeTruthy();
    expect(screen.getByText('Au moins 8 caractères').textContent).toContain('(fait)');
    expect(screen.getByText('Un chiffre').textContent).toContain('(pas encore)');
  });
});
