import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';

const require = createRequire(import.meta.url);
const sharp = require('sharp');

let cms: TestCms;
type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
const image = (format: 'jpeg' | 'png' | 'webp') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 30 } } })[format]().toBuffer() as Promise<Buffer>;

async function upload(who: Who, files: { name: string; type: string; data: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const res = await fetch(`${cms.url}/api/upload`, { method: 'POST', body: form, headers: token[who] ? { authorization: `Bearer ${token[who]}` } : {} });
  return { status: res.status, body: await res.json().catch(() => null) };
}

// The body parser keeps uploads in the temporary folder while a request runs; a folder of this
// file's own shows what is left behind afterwards.
const uploadTemp = mkdtempSync(path.join(tmpdir(), 'fie-upload-temp-'));
const leftOver = () => readdirSync(uploadTemp).filter((name) => statSync(path.join(uploadTemp, name)).isFile());

beforeAll(async () => {
  process.env.TMPDIR = uploadTemp;
  cms = await startCms();
  const api = client(cms.url);
  Object.assign(token, (await signInAccounts(cms.strapi, api, 'uploads.example.com', { seeker: 'authenticated', admin: 'admin', superadmin: 'superadmin' })).token);
});
afterAll(async () => {
  await cms?.stop();
});

describe('image uploads', () => {
  it.each(['admin', 'superadmin'] as const)('%s uploads JPG, PNG and WEBP images and gets their URLs, with responsive formats', async (who) => {
    const res = await upload(who, [
      { name: 'front.jpg', type: 'image/jpeg', data: await image('jpeg') },
      { name: 'yard.png', type: 'image/png', data: await image('png') },
      { name: 'room.webp', type: 'image/webp', data: await image('webp') },
    ]);
    expect(res.status).toBe(201);
    // Files are processed in parallel, so the answer's order is not the sending order.
    expect(res.body.map((f: any) => `${f.name} ${f.mime}`).sort()).toEqual(['front.jpg image/jpeg', 'room.webp image/webp', 'yard.png image/png']);
    expect(res.body.every((f: any) => /^\/uploads\//.test(f.url))).toBe(true);
    const served = await fetch(`${cms.url}${res.body[0].url}`);
    expect(served.status).toBe(200);
  });

  it('refuses seekers and visitors (users-permissions grants upload to staff roles only)', async () => {
    const file = [{ name: 'front.jpg', type: 'image/jpeg', data: await image('jpeg') }];
    expect((await upload('seeker', file)).status).toBe(403);
    expect((await upload('anonymous', file)).status).toBe(403);
    expect(await cms.strapi.db.query('plugin::upload.file').count({ where: { name: 'front.jpg' } })).toBe(2);
  });

  it.each([
    ['a text file renamed .jpg', { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('definitely not an image') }],
    ['a GIF', { name: 'anim.gif', type: 'image/gif', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') }],
    ['an SVG declared as PNG', { name: 'logo.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }],
  ])('refuses %s by its content with the specification’s message', async (_name, file) => {
    const res = await upload('admin', [file]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid file type. Please upload JPG, PNG, or WEBP images.');
  });

  it('refuses a file over 10 MB with the specification’s message', async () => {
    const big = Buffer.concat([await image('jpeg'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload('admin', [{ name: 'huge.jpg', type: 'image/jpeg', data: big }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size too large. Maximum size is 10MB.');
  });

  it('leaves no temporary files behind, for refused uploads too', async () => {
    const jpeg = { name: 'front.jpg', type: 'image/jpeg', data: await image('jpeg') };
    expect((await upload('admin', [jpeg])).status).toBe(201);
    expect((await upload('seeker', [jpeg])).status).toBe(403);
    expect((await upload('admin', [{ name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('not an image') }])).status).toBe(400);
    // The clean-up is not awaited by the answer.
    for (let i = 0; i < 50 && leftOver().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(leftOver()).toEqual([]);
  });
});
