// One carousel for the testimonials and the property photos: arrows, dots, wrap-around, swipe,
// arrow keys, and optional auto-advance that pauses on hover or focus and is off for people who
// ask for reduced motion.

export interface CarouselOptions {
  autoAdvanceMs?: number;
  onChange?: (index: number) => void;
}

/** The index after moving `step` from `index` among `count` slides, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

export function createCarousel(root: HTMLElement, { autoAdvanceMs = 0, onChange }: CarouselOptions = {}) {
  const track = root.querySelector<HTMLElement>('[data-track]')!;
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-dots] button')];
  const count = slides.length;
  let index = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let paused = false;

  function show(next: number) {
    index = wrapIndex(next, 0, count);
    track.style.transform = `translateX(-${index * 100}%)`;
    slides.forEach((s, i) => {
      s.inert = i !== index;
      s.setAttribute('aria-hidden', String(i !== index));
    });
    dots.forEach((d, i) =>
      i === index ? d.setAttribute('aria-current', 'true') : d.removeAttribute('aria-current'),
    );
    onChange?.(index);
  }
  const move = (step: number) => show(wrapIndex(index, step, count));

  root.querySelector('[data-prev]')?.addEventListener('click', () => move(-1));
  root.querySelector('[data-next]')?.addEventListener('click', () => move(1));
  dots.forEach((d, i) => d.addEventListener('click', () => show(i)));
  root.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') move(-1);
    else if (e.key === 'ArrowRight') move(1);
    else return;
    e.preventDefault();
  });

  let startX: number | null = null;
  track.addEventListener('pointerdown', (e) => {
    startX = e.clientX;
    // Keeps receiving the pointer's moves and release even if it leaves the photo mid-swipe.
    track.setPointerCapture?.(e.pointerId);
  });
  track.addEventListener('dragstart', (e) => e.preventDefault());
  track.addEventListener(
    'pointerup',
    (e) => {
      if (startX === null) return;
      const dx = e.clientX - startX;
      startX = null;
      if (Math.abs(dx) > 40) move(dx < 0 ? 1 : -1);
    },
    { passive: true },
  );
  track.addEventListener('pointercancel', () => (startX = null));

  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (autoAdvanceMs > 0 && count > 1 && !reduceMotion) {
    const pause = () => (paused = true);
    const resume = () => (paused = false);
    root.addEventListener('mouseenter', pause);
    root.addEventListener('mouseleave', resume);
    root.addEventListener('focusin', pause);
    root.addEventListener('focusout', (e) => {
      if (!root.contains(e.relatedTarget as Node)) resume();
    });
    timer = setInterval(() => {
      if (!paused && !document.hidden) move(1);
    }, autoAdvanceMs);
  }
  show(0);
  return {
    show,
    move,
    get index() {
      return index;
    },
    stop: () => clearInterval(timer),
  };
}
