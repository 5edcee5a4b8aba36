// Images for the tests' listings. The cms imports an image address typed in by staff (fetches it,
// checks it, keeps it as its own media), and this machine has no internet: the test process serves
// the images itself, on 127.0.0.1, which the cms fetches from because startCms sets the test-only
// IMAGE_IMPORT_ALLOW_LOOPBACK. A few addresses misbehave on purpose (image-import.test.ts).
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);
const sharp = require('sharp');

let base = '';
let starting: Promise<string> | null = null;
/** What the image server was asked for (path), in order. */
export const imageRequests: string[] = [];

/** A small image of `format`, its colour from `seed`. */
export async function sampleImage(format: 'jpeg' | 'png' | 'webp' = 'jpeg', seed = 0): Promise<Buffer> {
  const blank = sharp({
    create: { width: 48, height: 36, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: 60 } },
  });
  return blank[format]().toBuffer();
}

/** Starts this test process's image server once (startCms does it); answers its base URL. */
export function startImageServer(): Promise<string> {
  starting ??= (async () => {
    const jpeg = await sampleImage('jpeg');
    const png = await sampleImage('png');
    const big = Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(10 * 1024 * 1024 + 1024)]);
    const server: Server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      imageRequests.push(path);
      const send = (
        status: number,
        type: string,
        body: Buffer | string,
        headers: Record<string, string> = {},
      ) => {
        res.writeHead(status, { 'content-type': type, ...headers });
        res.end(body);
      };
      switch (path) {
        case '/special/html.jpg':
          return send(200, 'image/jpeg', '<!doctype html><script>alert(document.cookie)</script>');
        case '/special/trailing.jpg':
          return send(
            200,
            'image/jpeg',
            Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]),
          );
        case '/special/big.jpg':
          return send(200, 'image/jpeg', big, { 'content-length': String(big.length) });
        case '/special/big-unannounced.jpg': {
          // No Content-Length: only counting the bytes as they come stops it.
          res.writeHead(200, { 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' });
          let sent = 0;
          const more = () => {
            while (sent < big.length) {
              const chunk = big.subarray(sent, sent + 256 * 1024);
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', more);
            }
            res.end();
          };
          res.on('error', () => {});
          return more();
        }
        case '/special/missing.jpg':
          return send(404, 'text/plain', 'not here');
        case '/special/to-private.jpg':
          return send(302, 'text/plain', '', { location: 'http://10.0.0.7/inside.jpg' });
        case '/special/to-metadata.jpg':
          return send(302, 'text/plain', '', { location: 'http://169.254.169.254/latest/meta-data/iam' });
        case '/special/to-self.jpg':
          return send(302, 'text/plain', '', { location: '/special/to-self.jpg' });
        case '/special/bad-location.jpg':
          return send(302, 'text/plain', '', { location: 'http://[' });
        case '/special/moved.jpg':
          return send(301, 'text/plain', '', { location: '/moved/here.jpg' });
        default:
          if (path.endsWith('.png')) return send(200, 'image/png', png);
          if (path.endsWith('.jpg')) return send(200, 'image/jpeg', jpeg);
          return send(404, 'text/plain', 'not here');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return base;
  })();
  return starting;
}

/** The address of a test image `name` (a JPEG unless the name ends in .png), served by this process. */
export function testImage(name: string): string {
  if (!base) throw new Error('the test image server is not started: startCms starts it');
  return `${base}/${/\.(jpg|png)$/.test(name) ? name : `${name}.jpg`}`;
}

/**
 * Uploads a small JPEG through the cms's upload API as `token` (staff) and answers its URL: our own
 * media, for a cms that does not fetch from this machine (one in production mode).
 */
export async function uploadTestImage(
  cmsUrl: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const form = new FormData();
  form.append(
    'files',
    new Blob([new Uint8Array(await sampleImage('jpeg', 7))], { type: 'image/jpeg' }),
    'photo.jpg',
  );
  const res = await fetch(`${cmsUrl}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  const [file] = (await res.json()) as Array<{ url: string }>;
  return file!.url;
}
