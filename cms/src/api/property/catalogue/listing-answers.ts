import type { Core } from '@strapi/strapi';
import { toPublicProperty } from '../services/catalogue';
import { propertyAnswers } from './listing-cache';
import { propertyOfRow, versionOf, type ListingRow } from './listing-rows';
import { answerColumns, join, sql } from './listing-sql-builders';
import { runListingSql } from './listing-statements';
import { rawRows } from '../../../shared/raw-rows';

const PROPERTY_UID = 'api::property.property';

/** Rows read with their answer's columns, as public JSON answers, kept under the version they were read under. */
export function answersOfRows(rows: ListingRow[]): string[] {
  return rows.map((row) => {
    const json = JSON.stringify(toPublicProperty(propertyOfRow(row)));
    propertyAnswers.set(versionOf(row), Number(row.id), json);
    return json;
  });
}

/**
 * The public answers (toPublicProperty, as JSON text) of the properties with these row ids, in one
 * query: a walk's page, and what the staff lists of viewings and enquiries show for their property,
 * read the listing's way instead of through three populates per row. With `readVersion`, the catalogue
 * version the caller read in the same statement as those ids (catalogueVersionColumn), answers kept
 * under that version are taken as they are and only the others are read.
 */
export async function answersByIds(
  strapi: Core.Strapi,
  ids: number[],
  readVersion?: unknown,
  { replica = false }: { replica?: boolean } = {},
): Promise<Map<number, string>> {
  const version = versionOf({ fie_catalogue_version: readVersion });
  const answers = new Map<number, string>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const kept = propertyAnswers.get(version, id);
    if (kept === undefined) missing.push(id);
    else answers.set(id, kept);
  }
  if (missing.length === 0) return answers;
  const postgres = strapi.db.dialect.client === 'postgres';
  const rows = await runListingSql<ListingRow>(
    strapi,
    join(
      sql('select'),
      answerColumns(postgres, PROPERTY_UID),
      sql(`from properties p where p.id in (${missing.map(() => '?').join(',')})`, missing),
    ),
    { replica },
  );
  answersOfRows(rows).forEach((json, i) => answers.set(Number(rows[i].id), json));
  return answers;
}

/**
 * The same answers read on a given connection: inside a transaction (an alert's claim builds its e-mail
 * in the transaction that marks it sent), where the listing's own statements cannot run on SQLite (its
 * one connection is the transaction's).
 */
export async function answersByIdsOn(
  strapi: Core.Strapi,
  connection: Core.Strapi['db']['connection'],
  ids: number[],
): Promise<Map<number, PublicAnswer>> {
  const answers = new Map<number, PublicAnswer>();
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return answers;
  const statement = join(
    sql('select'),
    answerColumns(strapi.db.dialect.client === 'postgres', PROPERTY_UID),
    sql(`from properties p where p.id in (${wanted.map(() => '?').join(',')})`, wanted),
  );
  const rows = rawRows<ListingRow>(await connection.raw(statement.sql, statement.values as never[]));
  for (const row of rows) answers.set(Number(row.id), toPublicProperty(propertyOfRow(row)));
  return answers;
}

type PublicAnswer = ReturnType<typeof toPublicProperty>;
