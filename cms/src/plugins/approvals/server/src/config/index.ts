import { AUDIT_RESOURCES } from '@fie/domain';
import type { ApprovalsConfig, AuditedType, GovernedType } from '../types';

/**
 * The plugin governs nothing by itself: the app names each governed content type and how it differs
 * in config/plugins.ts (`approvals.config.contentTypes`). Every key is checked at start, so a typo
 * stops the cms instead of leaving a type unguarded.
 */
const NAMES = /^[A-Za-z_][A-Za-z0-9_]*$/;

function check(uid: string, t: Partial<GovernedType>): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`approvals.config.contentTypes['${uid}']: ${text}`);
  const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  if (!/^(api|plugin)::[a-z0-9-]+\.[a-z0-9-]+$/.test(uid)) say('is not a content-type UID');
  if (typeof t.field !== 'string' || !NAMES.test(t.field))
    say('field must name the attribute that holds the approval state');
  if (!strings(t.approvers) || t.approvers!.length === 0) say('approvers must list at least one role');
  if (!strings(t.requeueEditsBy)) say('requeueEditsBy must be a list of roles');
  if (!strings(t.requeueIgnores)) say('requeueIgnores must be a list of field names');
  if (typeof t.path !== 'string' || !/^\/[a-z0-9-]+$/.test(t.path)) say("path must look like '/products'");
  if (typeof t.view !== 'string' || !t.view.includes('::'))
    say('view must name a service, e.g. api::property.catalogue');
  if (
    t.review !== undefined &&
    !(
      t.review &&
      NAMES.test(t.review.submitter ?? '') &&
      NAMES.test(t.review.label ?? '') &&
      typeof t.review.noun === 'string'
    )
  ) {
    say('review needs submitter (a relation to the account), label (a field) and noun');
  }
  const q = t.queue;
  if (
    !q ||
    !Array.isArray(q.sort) ||
    !strings(q.searchFields) ||
    !(Number.isInteger(q.limit) && q.limit > 0)
  ) {
    say('queue needs sort, searchFields and a whole-number limit');
  } else if (
    q.paging !== null &&
    !(q.paging && Number.isInteger(q.paging.pageSize) && Number.isInteger(q.paging.maxPageSize))
  ) {
    say('queue.paging must be null or { pageSize, maxPageSize }');
  }
  const a = t.answer;
  if (
    !a ||
    !NAMES.test(a.key ?? '') ||
    ![a.approved, a.kept, a.notFound, a.deleted, a.deletionRejected].every((m) => typeof m === 'string')
  ) {
    say('answer needs key, approved, kept, notFound, deleted and deletionRejected');
  }
  return problems;
}

function checkAudited(uid: string, a: Partial<AuditedType>): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`approvals.config.audit['${uid}']: ${text}`);
  if (!/^(api|plugin)::[a-z0-9-]+\.[a-z0-9-]+$/.test(uid)) say('is not a content-type UID');
  if (!(AUDIT_RESOURCES as readonly string[]).includes(a.resource ?? ''))
    say(`resource must be one of ${AUDIT_RESOURCES.join(', ')}`);
  if (typeof a.label !== 'string' || !NAMES.test(a.label))
    say('label must name the field that names a record');
  if (a.createdAs !== undefined && !['created', 'scheduled'].includes(a.createdAs))
    say("createdAs must be 'created' or 'scheduled'");
  if (a.updatedAs !== undefined && !['edited', 'updated'].includes(a.updatedAs))
    say("updatedAs must be 'edited' or 'updated'");
  if (a.statusField !== undefined && !NAMES.test(a.statusField)) say('statusField must name a field');
  return problems;
}

export default {
  default: { contentTypes: {}, audit: {} } satisfies ApprovalsConfig,
  validator(config: ApprovalsConfig) {
    const types = config?.contentTypes ?? {};
    const paths = new Map<string, string>();
    const problems = Object.entries(types).flatMap(([uid, t]) => {
      const own = check(uid, t ?? {});
      if (t?.path && paths.has(t.path))
        own.push(`approvals: '${uid}' and '${paths.get(t.path)}' share the path ${t.path}`);
      if (t?.path) paths.set(t.path, uid);
      return own;
    });
    for (const [uid, a] of Object.entries(config?.audit ?? {})) problems.push(...checkAudited(uid, a ?? {}));
    if (problems.length > 0) throw new Error(problems.join('\n'));
  },
};
