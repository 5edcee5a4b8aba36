import { describe, expect, it } from 'vitest';
import {
  formatTotal,
  pageWindow,
  pastCountBound,
  pastCountBoundMessage,
  showingRange,
  totalPages,
} from '../src/index.js';

describe('pageWindow', () => {
  it('shows the first five pages at the start', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page in the middle', () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });

  it('shows the last five pages at the end', () => {
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows every page when there are fewer than five', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(-3, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('is empty when there are no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('honours another window size', () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
  });
});

describe('totalPages and showingRange', () => {
  it('counts pages', () => {
    expect(totalPages(0, 8)).toBe(0);
    expect(totalPages(8, 8)).toBe(1);
    expect(totalPages(17, 8)).toBe(3);
  });

  it('gives the 1-based range for "Showing X-Y of N"', () => {
    expect(showingRange(2, 10, 25)).toEqual({ from: 11, to: 20 });
    expect(showingRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
    expect(showingRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(showingRange(4, 10, 25)).toEqual({ from: 0, to: 0 });
  });
});

describe('formatTotal', () => {
  it('writes an exact total with separators, and a bounded one with a plus', () => {
    expect(formatTotal(1234, false)).toBe('1,234');
    expect(formatTotal(10_000, true)).toBe('10,000+');
    expect(formatTotal(0, false)).toBe('0');
  });
});

describe('pastCountBound', () => {
  it('is a numbered page whose first item lies past the bound; a cursor is never past it', () => {
    expect(pastCountBound({ page: 1250, pageSize: 8 })).toBe(false);
    expect(pastCountBound({ page: 1251, pageSize: 8 })).toBe(true);
    expect(pastCountBound({ page: 6, pageSize: 8 }, 40)).toBe(true);
    expect(pastCountBound({ page: 5, pageSize: 8 }, 40)).toBe(false);
    expect(pastCountBound({ page: 9999, pageSize: 8, after: 'abc' })).toBe(false);
    expect(pastCountBound({ page: 9999, pageSize: 8, before: 'abc' })).toBe(false);
    expect(pastCountBoundMessage()).toBe('Pages past the first 10,000 matches are reached with Next');
    expect(pastCountBoundMessage(40)).toBe('Pages past the first 40 matches are reached with Next');
  });
});
