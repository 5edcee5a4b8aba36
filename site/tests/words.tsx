// Rendering a screen's parts as its page would: inside the words (texts, shared messages, stored
// values' words) the page hands the island's root.
import type { ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { WithWords, type IslandWords } from '../src/islands/shared/island-words';

/** testing-library's render, every tree inside `words`. */
export function renderWith(words: IslandWords) {
  const wrapper = ({ children }: { children: ReactNode }) => <WithWords words={words}>{children}</WithWords>;
  return (ui: Parameters<typeof render>[0], options?: Omit<RenderOptions, 'wrapper'>) =>
    render(ui, { wrapper, ...options });
}
