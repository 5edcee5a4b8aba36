// An image address typed by staff is imported once, as the cms's own media: fetched with the
// upload's checks (content, re-encoding, 10 MB), from public addresses only (after DNS resolution,
// and for every redirect). The images come from this test process's server on 127.0.0.1
// (helpers/images.ts), which the cms may reach only through the test-only IMAGE_IMPORT_ALLOW_LOOPBACK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';
import { imageRequests, testImage } from '../helpers/images';
import { fetchRemoteImage, publicAddress } from '../../src/shared/remote-image';

let cms: TestCms;
let api: ReturnType<typeof client>;
let token = '';
let n = 0;

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  token = (await signInAccounts(cms.strapi, api, 'image-import.example.com', { boss: 'superadmin' })).token
    .boss!;
});
afterAll(async () => {
  await cms?.stop();
});

const create = (images: string[]) =>
  api.post('/api/products', propertyAt(`Import Row ${++n}, Osu`, { images }), { token });
const files = () => cms.strapi.db.query('plugin::upload.file');

describe('an image address typed by staff', () => {
  it('is imported once, as our own media with its sizes, and never shown as the other server’s address', async () => {
    const address = testImage('porch');
    const asked = imageRequests.length;
    const first = await create([address]);
    expect(first.status).toBe(201);
    const [url] = first.body.images as string[];
    expect(url).toMatch(/^\/uploads\/porch_[a-z0-9]+\.jpg$/);
    expect(JSON.stringify(first.body)).not.toContain('127.0.0.1');
    const file = await files().findOne({ where: { url } });
    expect(file).toMatchObject({
      provider: 'local',
      mime: 'image/jpeg',
      width: 48,
      height: 36,
      caption: `Imported from ${address}`,
    });
    // Kept on disk by the upload provider, where /uploads serves it.
    expect(readFileSync(path.join(String(process.env.PUBLIC_DIR), url)).subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
    const again = await create([address]);
    expect(again.body.images).toEqual([url]);
    expect(imageRequests.length - asked).toBe(1);
  });

  it('is not taken from a media record that only claims, in its caption, to have come from that address', async () => {
    const address = testImage('claimed');
    // Someone with the media library writes the caption an import would have.
    const planted = await create([testImage('planted')]);
    const plantedFile = await files().findOne({ where: { url: planted.body.images[0] } });
    await files().update({ where: { id: plantedFile.id }, data: { caption: `Imported from ${address}` } });
    const res = await create([address]);
    expect(res.status).toBe(201);
    expect(res.body.images[0]).not.toBe(planted.body.images[0]);
    expect(res.body.images[0]).toMatch(/^\/uploads\/claimed_/);
  });

  it('keeps the pixels and nothing else: bytes after the image (a script) are gone', async () => {
    const res = await create([testImage('special/trailing')]);
    expect(res.status).toBe(201);
    const stored = readFileSync(path.join(String(process.env.PUBLIC_DIR), res.body.images[0]));
    expect(stored.toString('latin1')).not.toContain('<script>');
  });

  it('follows a redirect to a public place, as long as the next address is checked too', async () => {
    expect((await create([testImage('special/moved')])).status).toBe(201);
  });

  it.each([
    ['special/html', /Invalid file type/, 'a page that says it is an image'],
    ['special/big', /larger than 10 MB/, 'over 10 MB, announced'],
    ['special/big-unannounced', /larger than 10 MB/, 'over 10 MB, sent without a length'],
    ['special/missing', /answered 404/, 'missing'],
    ['special/to-private', /private network/, 'a redirect to a private address'],
    ['special/to-metadata', /private network/, 'a redirect to the cloud metadata address'],
    ['special/to-self', /redirects too many times/, 'a redirect loop'],
    ['special/bad-location', /redirects to an address that is not valid/, 'a redirect to a broken address'],
  ])('%s is refused with a clear 400 and nothing is stored (%s)', async (name, message) => {
    const before = await files().count();
    const res = await create([testImage(name)]);
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith(`The image at ${testImage(name)} could not be imported: `)).toBe(true);
    expect(res.body.message).toMatch(message);
    expect(await files().count()).toBe(before);
  });

  it.each([
    'http://10.1.2.3/x.jpg',
    'http://192.168.1.1/x.jpg',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd00::1]/x.jpg',
    'http://[::ffff:10.0.0.1]/x.jpg',
    'http://0.0.0.0/x.jpg',
  ])('%s, a private address written as such, is refused before any connection', async (address) => {
    const res = await create([address]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/private network/);
  });
});

describe('the addresses the cms may fetch from', () => {
  it('public ones only; this machine only where the test-only setting allows it', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(publicAddress(a, false), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '224.0.0.1',
      'not-an-ip',
      '::a00:1',
      '2002:a00:1::1',
      '64:ff9b::a00:1',
      'fec0::1',
    ]) {
      expect(publicAddress(a, false), a).toBe(false);
    }
    expect(publicAddress('127.0.0.1', true)).toBe(true);
    expect(publicAddress('::1', true)).toBe(true);
    expect(publicAddress('10.0.0.1', true)).toBe(false);
  });

  it('a name that resolves to this machine is refused without the test-only setting (checked after DNS)', async () => {
    const setting = process.env.IMAGE_IMPORT_ALLOW_LOOPBACK;
    process.env.IMAGE_IMPORT_ALLOW_LOOPBACK = '';
    try {
      const port = new URL(testImage('x')).port;
      await expect(fetchRemoteImage(`http://localhost:${port}/x.jpg`)).rejects.toThrow(/private network/);
      await expect(fetchRemoteImage(`http://127.0.0.1:${port}/x.jpg`)).rejects.toThrow(/private network/);
    } finally {
      process.env.IMAGE_IMPORT_ALLOW_LOOPBACK = setting;
    }
    // With it, the same address is fetched.
    expect(
      (await fetchRemoteImage(`http://localhost:${new URL(testImage('x')).port}/x.jpg`)).subarray(0, 3),
    ).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
