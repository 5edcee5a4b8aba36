// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { urlFromForm } from '../src/scripts/listing-enhance';

describe('the listing address built from the filter form', () => {
  it('leaves out blanks, the default sort and the page, so a filter change starts at page 1', () => {
    document.body.innerHTML = `<form action="/properties"><input name="search" value=" villa "><select name="sort"><option value="newest" selected></option></select>
      <input name="propertyType" value=""><input name="leaseType" value="Sale"><input name="page" value="3"></form>`;
    expect(urlFromForm(document.querySelector('form')!)).toBe(
      `${location.origin}/properties?search=villa&leaseType=Sale`,
    );
  });
  it('carries the advance and the most recently reduced sort', () => {
    document.body.innerHTML = `<form action="/properties"><select name="sort"><option value="reduced" selected></option></select>
      <select name="maxAdvanceMonths"><option value="">Any</option><option value="6" selected>At most 6 months</option></select></form>`;
    expect(urlFromForm(document.querySelector('form')!)).toBe(
      `${location.origin}/properties?sort=reduced&maxAdvanceMonths=6`,
    );
  });
  it('is the bare listing when nothing is chosen', () => {
    document.body.innerHTML = `<form action="/properties/accra"><input name="search" value=""></form>`;
    expect(urlFromForm(document.querySelector('form')!)).toBe(`${location.origin}/properties/accra`);
  });
});
