// What a superadmin approves is what they saw, and nothing a superadmin approved is lost to an
// admin's delete before a superadmin could say no: decisions carry the version the queue showed, and
// an admin's delete of an approved (or once approved) item waits in the queue.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fie/domain';
import { startMailCatcher, type MailCatcher } from '@fie/mailcatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts, type SignedIn } from '../helpers/http';
import { DEAL, propertyAt } from '../helpers/fixtures';

let cms: TestCms;
let api: ReturnType<typeof client>;
let mail: MailCatcher;
let who: SignedIn;
let n = 0;

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'approval-safety.example.com', {
    admin: 'admin',
    boss: 'superadmin',
    seeker: 'authenticated',
  });
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  await mailSettled(cms);
  mail.clear();
});

const kinds = [
  {
    name: 'property',
    path: '/api/products',
    key: 'product',
    create: () => propertyAt(`Safety Row ${++n}, Osu`),
    edit: { nearestLandmark: 'Osu Castle' },
    deleted: MESSAGES.propertyDeleted,
    kept: MESSAGES.propertyDeletionRejected,
  },
  {
    name: 'deal',
    path: '/api/deals',
    key: 'deal',
    create: () => ({ ...DEAL, tenantName: `Safety Tenant ${++n}` }),
    edit: { comments: 'Paid in full' },
    deleted: MESSAGES.dealDeleted,
    kept: MESSAGES.dealDeletionRejected,
  },
] as const;

type Kind = (typeof kinds)[number];
const create = async (k: Kind, as: 'admin' | 'boss') => {
  const res = await api.post(k.path, k.create(), { token: who.token[as] });
  expect(res.status).toBe(201);
  return res.body._id as string;
};
/** The item as the approval queue shows it to the superadmin, or undefined when it is not there. */
const queued = async (k: Kind, id: string) => {
  const res = await api.get(`${k.path}/unapproved?pageSize=50`, { token: who.token.boss });
  expect(res.status).toBe(200);
  return (
    res.body as Array<{
      _id: string;
      updatedAt: string;
      pendingDeletion?: boolean;
      deletionRequestedBy?: string | null;
    }>
  ).find((i) => i._id === id);
};
const decide = (k: Kind, id: string, body: object) =>
  api.put(`${k.path}/approve/${id}`, body, { token: who.token.boss });
const stateOf = async (k: Kind, id: string) =>
  (
    await cms.strapi.db
      .query(k.name === 'property' ? 'api::property.property' : 'api::deal.deal')
      .findOne({ where: { documentId: id } })
  )?.approvalStatus ?? 'gone';
const auditOf = async (id: string) =>
  (await api.get('/api/audit?pageSize=100', { token: who.token.boss })).body
    .filter((e: { resource: { id: string } }) => e.resource.id === id)
    .map((e: { action: string; detail: string | null }) => `${e.action}${e.detail ? `: ${e.detail}` : ''}`);

describe.each(kinds)('approving the $name that was reviewed', (k) => {
  it('an edit made after the superadmin opened the queue is not approved unseen: 409, and it stays unapproved', async () => {
    const id = await create(k, 'admin');
    const seen = (await queued(k, id))!;
    await new Promise((r) => setTimeout(r, 5));
    expect((await api.put(`${k.path}/${id}`, k.edit, { token: who.token.admin })).status).toBe(200);
    const stale = await decide(k, id, { action: 'approve', updatedAt: seen.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MESSAGES.itemChangedSinceOpened);
    expect(await stateOf(k, id)).toBe('unapproved');
    // Reviewed again: the fresh version is approved.
    const fresh = (await queued(k, id))!;
    expect(fresh.updatedAt).not.toBe(seen.updatedAt);
    const ok = await decide(k, id, { action: 'approve', updatedAt: fresh.updatedAt });
    expect(ok.status).toBe(200);
    expect(await stateOf(k, id)).toBe('approved');
  });

  it('a reject is checked the same way; a call without updatedAt decides as before (older clients)', async () => {
    const id = await create(k, 'admin');
    const seen = (await queued(k, id))!;
    await new Promise((r) => setTimeout(r, 5));
    await api.put(`${k.path}/${id}`, k.edit, { token: who.token.admin });
    expect(
      (await decide(k, id, { action: 'unapprove', note: 'Fix it', updatedAt: seen.updatedAt })).status,
    ).toBe(409);
    expect((await decide(k, id, { action: 'approve' })).status).toBe(200);
    expect(await stateOf(k, id)).toBe('approved');
  });

  it('an updatedAt that is not a time is a 400', async () => {
    const id = await create(k, 'admin');
    const res = await decide(k, id, { action: 'approve', updatedAt: 'yesterday-ish' });
    expect(res.status).toBe(400);
  });
});

describe.each(kinds)("an admin's delete of an approved $name", (k) => {
  it('answers 202, leaves it as it was, and puts it in the queue marked "Delete requested by …"', async () => {
    const id = await create(k, 'boss');
    const waiting = async () =>
      (await api.get('/api/stats', { token: who.token.boss })).body.pendingApprovals[
        k.name === 'property' ? 'properties' : 'deals'
      ] as number;
    const before = await waiting();
    const res = await api.call('DELETE', `${k.path}/${id}`, { token: who.token.admin });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe("Deletion waits for a superadmin's approval");
    expect(await stateOf(k, id)).toBe('approved');
    if (k.name === 'property') expect((await api.get(`/api/products/${id}`)).status).toBe(200); // still public
    const item = (await queued(k, id))!;
    expect(item).toMatchObject({ pendingDeletion: true, deletionRequestedBy: who.email.admin });
    // The queue's count (the sidebar's, the dashboard's) counts it.
    expect(await waiting()).toBe(before + 1);
    // The approvers are told; the trail says who asked.
    await mail.waitFor({ to: who.email.boss!, subject: /Deletion to approve/ });
    expect(await auditOf(id)).toContain('deletion-requested');
  });

  it("the superadmin's Approve deletes it, and the trail says whose request it was", async () => {
    const id = await create(k, 'boss');
    expect((await api.call('DELETE', `${k.path}/${id}`, { token: who.token.admin })).status).toBe(202);
    const item = (await queued(k, id))!;
    const res = await decide(k, id, { action: 'approve', updatedAt: item.updatedAt });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(k.deleted);
    expect(await stateOf(k, id)).toBe('gone');
    expect(await queued(k, id)).toBeUndefined();
    expect(await auditOf(id)).toContain(`deleted: Deletion asked for by ${who.email.admin}, approved`);
  });

  it('Reject keeps it approved and public, out of the queue, and the note goes to the admin who asked', async () => {
    const id = await create(k, 'boss');
    expect((await api.call('DELETE', `${k.path}/${id}`, { token: who.token.admin })).status).toBe(202);
    const item = (await queued(k, id))!;
    const res = await decide(k, id, {
      action: 'unapprove',
      note: 'Still let: keep it listed',
      updatedAt: item.updatedAt,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(k.kept);
    expect(await stateOf(k, id)).toBe('approved');
    expect(await queued(k, id)).toBeUndefined();
    const letter = await mail.waitFor({ to: who.email.admin!, subject: /Deletion rejected/ });
    expect(letter.text).toContain('Still let: keep it listed');
    expect(await auditOf(id)).toContain('deletion-rejected: Still let: keep it listed');
  });

  it('a deletion asked for after the superadmin opened the queue is not approved by a click meant for the edit: 409', async () => {
    const id = await create(k, 'boss');
    await api.put(`${k.path}/${id}`, k.edit, { token: who.token.admin }); // back in the queue for its edit
    const seen = (await queued(k, id))!;
    expect(seen.pendingDeletion).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    expect((await api.call('DELETE', `${k.path}/${id}`, { token: who.token.admin })).status).toBe(202);
    expect((await decide(k, id, { action: 'approve', updatedAt: seen.updatedAt })).status).toBe(409);
    expect(await stateOf(k, id)).toBe('unapproved');
  });

  it("an edit that sent it back to the queue does not make it the admin's to delete at once", async () => {
    const id = await create(k, 'boss');
    expect((await api.put(`${k.path}/${id}`, k.edit, { token: who.token.admin })).status).toBe(200);
    expect(await stateOf(k, id)).toBe('unapproved');
    expect((await api.call('DELETE', `${k.path}/${id}`, { token: who.token.admin })).status).toBe(202);
    expect(await stateOf(k, id)).toBe('unapproved');
  });
});

describe.each(kinds)('deletes that stay immediate ($name)', (k) => {
  it("an admin's delete of their own item that was never approved", async () => {
    const id = await create(k, 'admin');
    const res = await api.call('DELETE', `${k.path}/${id}`, { token: who.token.admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(k.deleted);
    expect(await stateOf(k, id)).toBe('gone');
  });

  it("a superadmin's delete of an approved item, and of one whose deletion waits", async () => {
    const id = await create(k, 'boss');
    expect((await api.call('DELETE', `${k.path}/${id}`, { token: who.token.boss })).status).toBe(200);
    expect(await stateOf(k, id)).toBe('gone');
    const other = await create(k, 'boss');
    expect((await api.call('DELETE', `${k.path}/${other}`, { token: who.token.admin })).status).toBe(202);
    expect((await api.call('DELETE', `${k.path}/${other}`, { token: who.token.boss })).status).toBe(200);
    expect(await stateOf(k, other)).toBe('gone');
    expect(await queued(k, other)).toBeUndefined();
  });

  it('a seeker cannot delete at all, nor decide', async () => {
    const id = await create(k, 'boss');
    expect((await api.call('DELETE', `${k.path}/${id}`, { token: who.token.seeker })).status).toBe(403);
    expect(
      (await api.put(`${k.path}/approve/${id}`, { action: 'approve' }, { token: who.token.admin })).status,
    ).toBe(403);
    expect(await stateOf(k, id)).toBe('approved');
  });
});
