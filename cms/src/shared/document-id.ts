import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';

const DOCUMENT_ID = /^[a-z0-9]{1,64}$/;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const LETTERS_AND_DIGITS = `${LETTERS}0123456789`;

/** Whether a value can be a document id as the API gives it; anything else names nothing (and is never looked up). */
export const isDocumentId = (value: string): boolean => DOCUMENT_ID.test(value);

/**
 * A document id of the shape Strapi gives (24 lower-case letters and digits, a letter first), for rows
 * written without the document service.
 */
export function newDocumentId(): string {
  return Array.from(randomBytes(24), (b, i) => (i === 0 ? LETTERS[b % 26] : LETTERS_AND_DIGITS[b % 36])).join(
    '',
  );
}

/**
 * The approved property with this document id (the given columns of its row), or undefined: what a
 * visitor's action on a listing (a favourite, a report, a lead) checks first, answering 404 otherwise.
 * A listing hidden for want of a confirmation is still approved and its page still reachable, so it is
 * found: a report or a call about it is as welcome as about any other.
 */
export async function approvedProperty<Row>(
  strapi: Core.Strapi,
  documentId: string,
  columns: readonly string[],
): Promise<Row | undefined> {
  if (!isDocumentId(documentId)) return undefined;
  return (await strapi.db
    .connection('properties')
    .where({ document_id: documentId, approval_status: 'approved' })
    .first(...columns)) as Row | undefined;
}
