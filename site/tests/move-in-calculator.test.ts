// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { mountMoveInCalculator } from '../src/lib/move-in/calculator';

/** The block as MoveInCost.astro renders it for GH₵ 2,000 a month, 12 months, 10 % and GH₵ 500. */
const block = (
  agency = '10',
  registration = '500',
  words = `data-locale="en-GH" data-advance-one="{count} month's advance" data-advance-other="{count} months' advance"`,
) => `
  <section data-move-in data-rent-ghs="2000" data-agency-percent="${agency}" data-registration-ghs="${registration}" ${words}>
    <h2>To move in: <span data-part="total">GH₵26,900</span></h2>
    <dl>
      <dt data-part="advance-label">12 months' advance</dt><dd data-part="advance">GH₵24,000</dd>
      <dt>Agency fee</dt><dd data-part="agency-fee">GH₵2,400</dd>
      <dt>Registration fee</dt><dd>GH₵500</dd>
    </dl>
    <p data-part="act-220">The Rent Act 1963 (Act 220) limits an advance to six months.</p>
    <div data-part="calculator" hidden>
      <select data-part="months">${Array.from({ length: 25 }, (_, n) => `<option value="${n}"${n === 12 ? ' selected' : ''}>${n}</option>`).join('')}</select>
    </div>
  </section>`;
const part = (name: string) => document.querySelector<HTMLElement>(`[data-part="${name}"]`)!;
const choose = (months: number) => {
  const select = part('months') as HTMLSelectElement;
  select.value = String(months);
  select.dispatchEvent(new Event('change'));
};

beforeEach(() => {
  document.body.innerHTML = block();
});

describe('the move-in calculator', () => {
  it('reveals the picker and keeps the listed figures until another advance is chosen', () => {
    expect(part('calculator').hidden).toBe(true);
    mountMoveInCalculator();
    expect(part('calculator').hidden).toBe(false);
    expect(part('total').textContent).toBe('GH₵26,900');
    expect(part('act-220').hidden).toBe(false);
  });

  it('recomputes the total and its parts for another number of months', () => {
    mountMoveInCalculator();
    choose(6);
    expect(part('total').textContent).toBe('GH₵13,700');
    expect(part('advance-label').textContent).toBe("6 months' advance");
    expect(part('advance').textContent).toBe('GH₵12,000');
    expect(part('agency-fee').textContent).toBe('GH₵1,200');
    choose(1);
    expect(part('advance-label').textContent).toBe("1 month's advance");
    expect(part('total').textContent).toBe('GH₵2,700');
  });

  it('shows the Act 220 note only beyond six months', () => {
    mountMoveInCalculator();
    choose(6);
    expect(part('act-220').hidden).toBe(true);
    choose(7);
    expect(part('act-220').hidden).toBe(false);
    choose(24);
    expect(part('act-220').hidden).toBe(false);
    expect(part('total').textContent).toBe('GH₵53,300');
  });

  it("speaks the page's language: its words and its digit grouping", () => {
    document.body.innerHTML = block(
      '10',
      '500',
      `data-locale="fr" data-advance-one="{count} mois d'avance" data-advance-other="{count} mois d'avance"`,
    );
    mountMoveInCalculator();
    choose(6);
    expect(part('advance-label').textContent).toBe("6 mois d'avance");
    // French groups thousands with a narrow no-break space.
    expect(part('total').textContent).toBe('GH₵13\u202f700');
    document.body.innerHTML = block(
      '10',
      '500',
      `data-locale="es" data-advance-one="{count} mes por adelantado" data-advance-other="{count} meses por adelantado"`,
    );
    mountMoveInCalculator();
    choose(1);
    expect(part('advance-label').textContent).toBe('1 mes por adelantado');
    choose(24);
    expect(part('total').textContent).toBe('GH₵53.300');
  });

  it('leaves out the fees a listing does not state', () => {
    document.body.innerHTML = block('', '');
    mountMoveInCalculator();
    choose(3);
    expect(part('total').textContent).toBe('GH₵6,000');
  });

  it('wires a block once however often it is mounted', () => {
    mountMoveInCalculator();
    mountMoveInCalculator();
    let changes = 0;
    const observer = new MutationObserver((records) => (changes += records.length));
    observer.observe(part('total'), { childList: true });
    choose(6);
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        observer.disconnect();
        expect(changes).toBe(1);
        resolve();
      }, 0),
    );
  });
});
