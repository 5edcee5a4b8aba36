// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createCarousel, wrapIndex } from '../src/scripts/carousel';

describe('carousel steps', () => {
  it('wrap around at both ends', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

function mount(count: number) {
  document.body.innerHTML = `<div id="c"><div data-track>${'<div data-slide></div>'.repeat(count)}</div>
    <button data-prev></button><button data-next></button><div data-dots>${'<button></button>'.repeat(count)}</div></div>`;
  return document.getElementById('c')!;
}

describe('the carousel', () => {
  it('moves with arrows, dots and keys, marking the current dot and hiding the other slides', () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: false });
    const root = mount(3);
    const c = createCarousel(root);
    const dots = [...root.querySelectorAll('[data-dots] button')];
    (root.querySelector('[data-prev]') as HTMLButtonElement).click();
    expect(c.index).toBe(2);
    expect(dots[2]!.getAttribute('aria-current')).toBe('true');
    expect(dots[0]!.hasAttribute('aria-current')).toBe(false);
    root.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(c.index).toBe(0);
    (dots[1] as HTMLButtonElement).click();
    expect(c.index).toBe(1);
    const slides = [...root.querySelectorAll('[data-slide]')];
    expect(slides.map((s) => s.getAttribute('aria-hidden'))).toEqual(['true', 'false', 'true']);
  });

  it('advances by itself, pauses while hovered, and stays still for reduced motion', () => {
    vi.useFakeTimers();
    window.matchMedia = vi.fn().mockReturnValue({ matches: false });
    const root = mount(3);
    const c = createCarousel(root, { autoAdvanceMs: 5000 });
    vi.advanceTimersByTime(5000);
    expect(c.index).toBe(1);
    root.dispatchEvent(new MouseEvent('mouseenter'));
    vi.advanceTimersByTime(15000);
    expect(c.index).toBe(1);
    root.dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(5000);
    expect(c.index).toBe(2);
    c.stop();

    window.matchMedia = vi.fn().mockReturnValue({ matches: true });
    const still = createCarousel(mount(3), { autoAdvanceMs: 5000 });
    vi.advanceTimersByTime(20000);
    expect(still.index).toBe(0);
    vi.useRealTimers();
  });
});
