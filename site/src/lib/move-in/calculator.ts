// The property page's move-in calculator (MoveInCost.astro). The server renders the listing's own
// move-in cost, which reads fully without JavaScript; this reveals a months picker and recomputes the
// parts for another advance with the domain's rule. Plain DOM and the zod-free rule module: the
// property page's first-load JavaScript has a budget.
import { ACT_220_ADVANCE_LIMIT_MONTHS, formatGhs, moveInCost } from '@fie/domain/move-in-cost';
import { fill } from '@fie/domain/i18n';

const numberOrNull = (text: string | undefined): number | null =>
  text === undefined || text === '' ? null : Number(text);

/** Wires every move-in block on the page (there is one); safe to call again. */
export function mountMoveInCalculator(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-move-in]').forEach((block) => {
    if (block.dataset.moveInReady) return;
    const picker = block.querySelector<HTMLSelectElement>('select[data-part="months"]');
    const calculator = block.querySelector<HTMLElement>('[data-part="calculator"]');
    const monthlyRentGhs = numberOrNull(block.dataset.rentGhs);
    if (!picker || !calculator || monthlyRentGhs === null || !Number.isFinite(monthlyRentGhs)) return;
    const terms = {
      monthlyRentGhs,
      agencyFeePercent: numberOrNull(block.dataset.agencyPercent),
      registrationFeeGhs: numberOrNull(block.dataset.registrationGhs),
    };
    // The page's language: its digit grouping and its words for "6 months' advance".
    const { locale, advanceOne, advanceOther } = block.dataset;
    if (!advanceOne || !advanceOther) return;
    const ghs = (amount: number) => formatGhs(amount, locale);
    const plural = new Intl.PluralRules(locale);
    const advanceWords = (months: number) =>
      fill(plural.select(months) === 'one' ? advanceOne : advanceOther, {
        count: months.toLocaleString(locale),
      });
    const part = (name: string) => block.querySelector<HTMLElement>(`[data-part="${name}"]`);
    const write = (name: string, text: string) => {
      const el = part(name);
      if (el) el.textContent = text;
    };

    const update = () => {
      const advanceMonths = Number(picker.value);
      const cost = moveInCost({ ...terms, advanceMonths });
      write('total', ghs(cost.totalGhs));
      write('advance-label', advanceWords(advanceMonths));
      write('advance', ghs(cost.advanceGhs));
      write('agency-fee', ghs(cost.agencyFeeGhs));
      const note = part('act-220');
      if (note) note.hidden = advanceMonths <= ACT_220_ADVANCE_LIMIT_MONTHS;
    };

    picker.addEventListener('change', update);
    block.dataset.moveInReady = 'true';
    calculator.hidden = false;
    // A browser that kept the picker's choice across a reload shows that choice's figures.
    update();
  });
}
