import { SHORT_ID_LENGTH } from './constants.js';

// Tables show the first characters of long document ids so staff can tell rows apart.
export function shortId(id: string | number | null | undefined, length: number = SHORT_ID_LENGTH): string {
  if (id === null || id === undefined) return '';
  return String(id).slice(0, Math.max(0, length));
}

export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  const chars = Array.from(value);
  return chars.length <= max ? value : `${chars.slice(0, max).join('').trimEnd()}...`;
}
