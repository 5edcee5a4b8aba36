import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { crc32 } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';

const require = createRequire(import.meta.url);
const sharp = require('sharp');

let cms: TestCms;
type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
const image = (format: 'jpeg' | 'png' | 'webp') => {
  const blank = sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 30 } },
  });
  return blank[format]().toBuffer() as Promise<Buffer>;
};

async function upload(
  who: Who,
  files: { name: string; type: string; data: Buffer }[],
  query = '',
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await fetch(`${cms.url}/api/upload${query}`, {
    method: 'POST',
    body: form,
    headers: token[who] ? { authorization: `Bearer ${token[who]}` } : {},
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

// The body parser keeps uploads in the temporary folder while a request runs; a folder of this
// file's own shows what is left behind afterwards.
const uploadTemp = mkdtempSync(path.join(tmpdir(), 'fie-upload-temp-'));
const leftOver = () =>
  readdirSync(uploadTemp).filter((name) => statSync(path.join(uploadTemp, name)).isFile());

beforeAll(async () => {
  process.env.TMPDIR = uploadTemp;
  cms = await startCms();
  const api = client(cms.url);
  Object.assign(
    token,
    (
      await signInAccounts(cms.strapi, api, 'uploads.example.com', {
        seeker: 'authenticated',
        admin: 'admin',
        superadmin: 'superadmin',
      })
    ).token,
  );
});
afterAll(async () => {
  await cms?.stop();
});

describe('image uploads', () => {
  it.each(['admin', 'superadmin'] as const)(
    '%s uploads JPG, PNG and WEBP images and gets their URLs, with responsive formats',
    async (who) => {
      const res = await upload(who, [
        { name: 'front.jpg', type: 'image/jpeg', data: await image('jpeg') },
        { name: 'yard.png', type: 'image/png', data: await image('png') },
        { name: 'room.webp', type: 'image/webp', data: await image('webp') },
      ]);
      expect(res.status).toBe(201);
      // Files are processed in parallel, so the answer's order is not the sending order.
      expect(res.body.map((f: any) => `${f.name} ${f.mime}`).sort()).toEqual([
        'front.jpg image/jpeg',
        'room.webp image/webp',
        'yard.png image/png',
      ]);
      expect(res.body.every((f: any) => /^\/uploads\//.test(f.url))).toBe(true);
      const served = await fetch(`${cms.url}${res.body[0].url}`);
      expect(served.status).toBe(200);
    },
  );

  it('refuses seekers and visitors (users-permissions grants upload to staff roles only)', async () => {
    const file = [{ name: 'front.jpg', type: 'image/jpeg', data: await image('jpeg') }];
    expect((await upload('seeker', file)).status).toBe(403);
    expect((await upload('anonymous', file)).status).toBe(403);
    expect(await cms.strapi.db.query('plugin::upload.file').count({ where: { name: 'front.jpg' } })).toBe(2);
  });

  it.each([
    [
      'a text file renamed .jpg',
      { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('definitely not an image') },
    ],
    [
      'a GIF',
      {
        name: 'anim.gif',
        type: 'image/gif',
        data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      },
    ],
    [
      'an SVG declared as PNG',
      { name: 'logo.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ],
  ])('refuses %s by its content with the file-type message', async (_name, file) => {
    const res = await upload('admin', [file]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid file type. Please upload JPG, PNG, or WEBP images.');
  });

  it('refuses a file over 10 MB with the file-size message', async () => {
    const big = Buffer.concat([await image('jpeg'), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload('admin', [{ name: 'huge.jpg', type: 'image/jpeg', data: big }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size too large. Maximum size is 10MB.');
  });

  it('leaves no temporary files behind, for refused uploads too', async () => {
    const jpeg = { name: 'front.jpg', type: 'image/jpeg', data: await image('jpeg') };
    expect((await upload('admin', [jpeg])).status).toBe(201);
    expect((await upload('seeker', [jpeg])).status).toBe(403);
    expect(
      (await upload('admin', [{ name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('not an image') }]))
        .status,
    ).toBe(400);
    // The clean-up is not awaited by the answer.
    for (let i = 0; i < 50 && leftOver().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(leftOver()).toEqual([]);
  });
});

const REFUSED_CHANGE =
  'Existing images cannot be replaced, edited or deleted here. Upload new images and attach them through the listing’s own edit.';
const uploadsDir = () => path.join(cms.strapi.dirs.static.public, 'uploads');
const storedFiles = () => readdirSync(uploadsDir()).sort();
const fileRows = () => cms.strapi.db.query('plugin::upload.file').count() as Promise<number>;

/** Whatever is stored (rows and files on disk) stays exactly as it was through `action`. */
async function nothingStoredBy(action: () => Promise<void>) {
  const rowsBefore = await fileRows();
  const filesBefore = storedFiles();
  await action();
  expect(await fileRows()).toBe(rowsBefore);
  expect(storedFiles()).toEqual(filesBefore);
}

/** A raw GET, since fetch would tidy paths such as /./uploads/x before sending them. */
function rawGet(
  pathname: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const url = new URL(cms.url);
    request({ host: url.hostname, port: url.port, path: pathname, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    })
      .on('error', reject)
      .end();
  });
}

/** A real PNG whose header claims `width` × `height` pixels (a decompression bomb's shape). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: 'white' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('only real images are stored, re-encoded', () => {
  it.each([
    [
      'a WEBP header with an HTML page after it, named x.html',
      {
        name: 'x.html',
        type: 'text/html',
        data: Buffer.concat([
          Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'),
          Buffer.from('<html><script src="/uploads/x.js"></script></html>'),
        ]),
      },
    ],
    [
      'a JPEG signature with JavaScript after it, named x.js',
      {
        name: 'x.js',
        type: 'application/javascript',
        data: Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from(';fetch("/api/refresh",{method:"POST"}).then(r=>r.json()).then(alert)'),
        ]),
      },
    ],
    [
      'an SVG',
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ],
    [
      'an HTML page',
      { name: 'page.html', type: 'text/html', data: Buffer.from('<!doctype html><script>alert(1)</script>') },
    ],
  ])('refuses %s and stores nothing', async (_name, file) => {
    await nothingStoredBy(async () => {
      const res = await upload('admin', [file]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid file type. Please upload JPG, PNG, or WEBP images.');
    });
  });

  it('refuses an image whose header claims more than 50 megapixels, before decoding it', async () => {
    await nothingStoredBy(async () => {
      const res = await upload('admin', [
        { name: 'bomb.png', type: 'image/png', data: await pngClaiming(10_000, 10_000) },
      ]);
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('Image too large: at most 50 megapixels (for example 8000 × 6000).');
    });
  });

  it('stores a real image named photo.html and declared text/html as a .jpg, without the bytes after the picture', async () => {
    const trailer = '<script>fetch("/api/refresh")</script>';
    const jpeg = Buffer.concat([await image('jpeg'), Buffer.from(trailer)]);
    const res = await upload('admin', [{ name: 'photo.html', type: 'text/html', data: jpeg }]);
    expect(res.status).toBe(201);
    const [file] = res.body;
    expect(file).toMatchObject({ name: 'photo.jpg', ext: '.jpg', mime: 'image/jpeg' });
    expect(file.url).toMatch(/^\/uploads\/[\w-]+\.jpg$/);
    expect(storedFiles().filter((name) => !/\.(jpg|png|webp)$/.test(name))).toEqual([]);
    const served = await fetch(`${cms.url}${file.url}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = Buffer.from(await served.arrayBuffer());
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
  });

  it('turns a photo upright from its EXIF orientation and strips its metadata', async () => {
    const sideways = await sharp(await image('jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload('superadmin', [{ name: 'sideways.jpg', type: 'image/jpeg', data: sideways }]);
    expect(res.status).toBe(201);
    const stored = Buffer.from(await (await fetch(`${cms.url}${res.body[0].url}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect({
      width: meta.width,
      height: meta.height,
      orientation: meta.orientation,
      exif: meta.exif,
    }).toEqual({ width: 48, height: 64, orientation: undefined, exif: undefined });
  });
});

describe('existing images are not replaced, renamed or deleted through the API', () => {
  let existing: any;
  beforeAll(async () => {
    const res = await upload('superadmin', [
      { name: 'approved-cover.jpg', type: 'image/jpeg', data: await image('jpeg') },
    ]);
    expect(res.status).toBe(201);
    existing = res.body[0];
  });
  const unchanged = async () => {
    const row = await cms.strapi.db.query('plugin::upload.file').findOne({ where: { id: existing.id } });
    expect({ name: row.name, url: row.url, hash: row.hash }).toEqual({
      name: existing.name,
      url: existing.url,
      hash: existing.hash,
    });
  };

  it.each(['admin', 'superadmin'] as const)('%s cannot replace a file with ?id=', async (who) => {
    await nothingStoredBy(async () => {
      const res = await upload(
        who,
        [{ name: 'other.png', type: 'image/png', data: await image('png') }],
        `?id=${existing.id}`,
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(REFUSED_CHANGE);
    });
    await unchanged();
  });

  it('cannot rename a file with ?id= and fileInfo', async () => {
    const res = await upload('admin', [], `?id=${existing.id}`, {
      fileInfo: JSON.stringify({ name: 'renamed.html', alternativeText: 'x' }),
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REFUSED_CHANGE);
    await unchanged();
  });

  it('an admin cannot attach an upload straight to an approved listing (ref, refId, field), past its approval', async () => {
    const created = await fetch(`${cms.url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.superadmin}` },
      body: JSON.stringify({
        location: 'Airport Residential, Accra',
        nearestLandmark: 'Marina Mall',
        price: 2500,
        currency: 'USD',
        propertyType: 'Apartment',
        leaseType: 'Rent',
        images: [existing.url],
        city: 'accra',
      }),
    });
    expect(created.status).toBe(201);
    const listing = await created.json();
    const row = await cms.strapi.db
      .query('api::property.property')
      .findOne({ where: { documentId: listing._id } });
    await nothingStoredBy(async () => {
      const res = await upload(
        'admin',
        [{ name: 'swap.jpg', type: 'image/jpeg', data: await image('jpeg') }],
        '',
        { ref: 'api::property.property', refId: String(row.id), field: 'images' },
      );
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'Images cannot be attached to a listing here. Upload them, then add them through the listing’s own edit.',
      );
    });
    const after = await (await fetch(`${cms.url}/api/products/${listing._id}`)).json();
    expect(after.images).toEqual(listing.images);
    expect(after.approvalStatus).toBe('approved');
  });

  it('cannot delete a file, even when someone grants deleting to a staff role', async () => {
    const admin = await cms.strapi.db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type: 'admin' } });
    await cms.strapi.db
      .query('plugin::users-permissions.permission')
      .create({ data: { action: 'plugin::upload.content-api.destroy', role: admin.id } });
    await nothingStoredBy(async () => {
      const res = await fetch(`${cms.url}/api/upload/files/${existing.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token.admin}` },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(REFUSED_CHANGE);
    });
    await unchanged();
  });
});

describe('how /uploads is served', () => {
  it('sends images with their true type and nosniff', async () => {
    const res = await upload('admin', [{ name: 'yard.png', type: 'image/png', data: await image('png') }]);
    const served = await fetch(`${cms.url}${res.body[0].url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBeNull();
  });

  it.each([
    ['/uploads/legacy.html', 'application/octet-stream'],
    ['/uploads/legacy.HTML', 'application/octet-stream'],
    ['/uploads/legacy.js', 'application/octet-stream'],
    ['/./uploads/legacy.html', 'application/octet-stream'],
    ['/%2e/uploads/legacy.html', 'application/octet-stream'],
    // A logo from the media library still shows in <img>, where an SVG's scripts never run.
    ['/uploads/legacy.svg', 'image/svg+xml'],
  ])('sends anything else in the folder (%s) as a sandboxed download', async (address, type) => {
    const page = '<script>fetch("/api/refresh",{method:"POST"})</script>';
    writeFileSync(path.join(uploadsDir(), 'legacy.html'), page);
    writeFileSync(path.join(uploadsDir(), 'legacy.HTML'), page);
    writeFileSync(path.join(uploadsDir(), 'legacy.js'), 'fetch("/api/refresh",{method:"POST"})');
    writeFileSync(
      path.join(uploadsDir(), 'legacy.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const res = await rawGet(address);
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe(type);
  });

  it('sends part of such a file (a Range request) the same way', async () => {
    writeFileSync(
      path.join(uploadsDir(), 'legacy.html'),
      '<script>fetch("/api/refresh",{method:"POST"})</script>',
    );
    const res = await rawGet('/uploads/legacy.html', { range: 'bytes=0-20' });
    expect(res.status).toBe(206);
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
