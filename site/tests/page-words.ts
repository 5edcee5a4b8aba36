// The words a page carries for its scripts (Base.astro's #fie-page-words), put in the test's document
// as a page would: read once, by the first script that needs them.
import { MESSAGES } from '@fie/domain';
import { SHARED_ISLAND_EN } from '../src/i18n/island-defaults';

/** A back-office page's: the English messages, and the English of the parts it shares with seekers. */
export function carryStaffPageWords() {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'fie-page-words';
  element.textContent = JSON.stringify({ messages: MESSAGES, defaults: SHARED_ISLAND_EN });
  document.head.append(element);
}
