/**
 * Reads the documentId a relation input points at: 'abc', { documentId }, { connect: [...] } or
 * { set: [...] }. Undefined when the input leaves the relation alone; null when it clears it.
 */
export function relationDocumentId(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const v = value as { documentId?: unknown; set?: unknown; connect?: unknown; disconnect?: unknown };
    if (typeof v.documentId === 'string') return v.documentId;
    const list = v.set ?? v.connect;
    if (Array.isArray(list)) {
      const first: unknown = list[0];
      if (first === undefined) return v.set ? null : undefined;
      if (typeof first === 'string') return first;
      return (first as { documentId?: string | null } | null)?.documentId ?? null;
    }
    if (Array.isArray(v.disconnect) && v.disconnect.length > 0) return null;
  }
  return undefined;
}
