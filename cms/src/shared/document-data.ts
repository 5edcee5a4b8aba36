import type { Modules, UID } from '@strapi/strapi';

type Input<T extends UID.ContentType> = Modules.Documents.Params.Data.Input<T>;

/** A content type's document-service data with every field optional, and null allowed in each. */
export type DocumentData<T extends UID.ContentType> = { [K in keyof Input<T>]?: Input<T>[K] | null };

/**
 * Data for strapi.documents(uid).create / update that sets fields to null. Strapi's input typings
 * leave null out, although null is how the document service clears a field and what an optional
 * field holds when none is given. The data is checked against the content type with null allowed
 * and every field optional (required fields may come from the document middlewares, such as the
 * approval state), then handed over in the type Strapi declares; it is not changed.
 */
export function documentData<T extends UID.ContentType>(_uid: T, data: DocumentData<T>): Input<T> {
  return data as Input<T>;
}
