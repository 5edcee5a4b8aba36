import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { spawnSite } from '../helpers/processes';
import { testImage } from '../helpers/images';

let cms: TestCms;
let api: ReturnType<typeof client>;
const token: Record<string, string> = {};

const property = {
  location: 'East Legon, Accra',
  nearestLandmark: 'A&C Mall',
  price: 1500,
  currency: 'USD',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  // A getter: the image server's address is known once startCms has started it.
  get images() {
    return [testImage('cover')];
  },
  city: 'accra',
};

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  Object.assign(
    token,
    (
      await signInAccounts(cms.strapi, api, 'bad-input.example.com', {
        admin: 'admin',
        superadmin: 'superadmin',
      })
    ).token,
  );
});
afterAll(async () => {
  await cms?.stop();
});

/** A JSON POST whose body is sent exactly as given, with its own Content-Encoding. */
async function encodedPost(path: string, encoding: string, body: Buffer) {
  const res = await fetch(`${cms.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-encoding': encoding },
    body: new Uint8Array(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: await res.json().catch(() => null),
  };
}

describe('a body that cannot be decoded is the sender’s mistake, not a server error', () => {
  const credentials = Buffer.from(
    JSON.stringify({ email: 'nobody@bad-input.example.com', password: 'WrongPass123' }),
  );

  it('answers 400 JSON to Content-Encoding: gzip on a body that is not gzip', async () => {
    const res = await encodedPost('/api/login', 'gzip', credentials);
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/application\/json/);
    expect(res.body.message).toBe(
      'The request body could not be decoded: it is not valid for its Content-Encoding.',
    );
  });

  it('answers 400 JSON to Content-Encoding: deflate on a body that is not deflate', async () => {
    const res = await encodedPost('/api/login', 'deflate', credentials);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The request body could not be decoded: it is not valid for its Content-Encoding.',
    );
  });

  it('answers 415 JSON to a Content-Encoding it does not know', async () => {
    const res = await encodedPost('/api/login', 'br-fake', credentials);
    expect(res.status).toBe(415);
    expect(res.type).toMatch(/application\/json/);
    expect(res.body.message).toMatch(/br-fake/);
  });

  it('answers 400 JSON to Content-Encoding: br on a body that is not brotli', async () => {
    const res = await encodedPost('/api/login', 'br', credentials);
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/application\/json/);
    expect(res.body.message).toBe(
      'The request body could not be decoded: it is not valid for its Content-Encoding.',
    );
  });

  it('still reads a body that really is brotli', async () => {
    const res = await encodedPost('/api/login', 'br', brotliCompressSync(credentials));
    expect(res.status).toBe(401);
  });

  it('answers the same through the site’s proxy: 400, not a 500', async () => {
    const site = await spawnSite(cms.url);
    try {
      for (const encoding of ['gzip', 'br', 'deflate']) {
        const res = await fetch(`${site.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-encoding': encoding },
          body: new Uint8Array(credentials),
        });
        expect(res.status, encoding).toBe(400);
        expect((await res.json()).message).toBe(
          'The request body could not be decoded: it is not valid for its Content-Encoding.',
        );
      }
    } finally {
      await site.stop();
    }
  });

  it('still reads a body that really is gzip', async () => {
    const res = await encodedPost('/api/login', 'gzip', gzipSync(credentials));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid email or password');
  });
});

describe('a malformed upload', () => {
  it('answers 400 JSON to a multipart body without a boundary', async () => {
    const res = await fetch(`${cms.url}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${token.admin}` },
      body: 'not really multipart',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^The request body could not be read/);
  });
});

describe('an image address with a broken %-escape', () => {
  const broken = '/uploads/x%zz.jpg';
  const message = `Image address is not valid (a broken %-escape): ${broken}`;

  it.each(['admin', 'superadmin'])('is refused with 400 when %s creates a property', async (who) => {
    const res = await api.post('/api/products', { ...property, images: [broken] }, { token: token[who] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('is refused with 400 when a property is updated, which keeps its images', async () => {
    const created = await api.post('/api/products', property, { token: token.superadmin });
    expect(created.status).toBe(201);
    const res = await api.put(
      `/api/products/${created.body._id}`,
      { images: [broken] },
      { token: token.superadmin },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(
      (await api.get(`/api/products/${created.body._id}`, { token: token.superadmin })).body.images,
    ).toEqual(created.body.images);
  });
});

describe('a body refused part-way is answered, not cut off', () => {
  /** node:http with a connection of its own, as the site's proxy speaks to the cms. */
  function post(path: string, headers: Record<string, string>, body: Buffer) {
    return new Promise<{ status: number | string; body: string }>((resolve) => {
      const req = httpRequest(`${cms.url}${path}`, { method: 'POST', headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      // Without the drain, Node closes the connection under a client still sending: EPIPE, no answer.
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? 'error', body: '' }));
      req.end(body);
    });
  }

  it('a 5 MB JSON body gets its 413 every time', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(
        (
          await post(
            '/api/login',
            { 'content-type': 'application/json' },
            Buffer.alloc(5 * 1024 * 1024, 0x20),
          )
        ).status,
      );
    expect(answers).toEqual([413, 413, 413, 413, 413, 413]);
  });

  it('an 11 MB photo gets its 413 and the file-size message every time', async () => {
    const boundary = '----fie-drain';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.alloc(11 * 1024 * 1024),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token.admin}`,
    };
    for (let i = 0; i < 4; i += 1) {
      const res = await post('/api/upload', headers, body);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).message).toBe('File size too large. Maximum size is 10MB.');
    }
  });
});

describe('page numbers out of range', () => {
  const HUGE = '99999999999999999999';
  it.each([
    ['/api/users', 'superadmin'],
    ['/api/admins', 'superadmin'],
    ['/api/products/unapproved', 'superadmin'],
    ['/api/deals/unapproved', 'superadmin'],
    ['/api/deals', 'superadmin'],
    ['/api/enquiries/admin', 'admin'],
    ['/api/appointments/all', 'admin'],
    ['/api/audit', 'superadmin'],
  ])('%s?page=%s… answers 200 with an empty page, not a 500', async (path, who) => {
    for (const page of [HUGE, '1e30', '-5', 'abc']) {
      const res = await api.get(`${path}?page=${page}&pageSize=${HUGE}`, { token: token[who] });
      expect(res.status, `${path}?page=${page}`).toBe(200);
      expect(Array.isArray(res.body) ? res.body : (res.body.data ?? res.body.items)).toBeDefined();
    }
    const far = await api.get(`${path}?page=${HUGE}`, { token: token[who] });
    expect(Array.isArray(far.body) ? far.body : []).toEqual([]);
  });

  it('the public listing: a far page past a known count is empty (200 [])', async () => {
    const res = await api.get('/api/products?page=9999');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await api.get(`/api/products?page=${HUGE}`)).status).toBe(400);
  });
});
