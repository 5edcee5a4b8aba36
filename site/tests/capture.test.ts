import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { captureResponse } from '../server/capture.mjs';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

describe('capturing a response before it is sent', () => {
  it('collects the status, headers and streamed body, then lets us send something else', async () => {
    let seen: { status: number; headers: Record<string, unknown>; body: Buffer } | undefined;
    const url = await serve((req, res) => {
      captureResponse(res, (captured: NonNullable<typeof seen>) => {
        seen = captured;
        res.writeHead(captured.status, {
          'content-type': String(captured.headers['content-type']),
          'x-seen': String(captured.body.length),
        });
        res.end(captured.body.toString().toUpperCase());
      });
      res.setHeader('x-early', 'yes');
      res.writeHead(201, { 'content-type': 'text/plain' });
      res.write('akwaaba ');
      res.write(Buffer.from('ghana'));
      res.end();
    });
    const answer = await fetch(url);
    expect(answer.status).toBe(201);
    expect(await answer.text()).toBe('AKWAABA GHANA');
    expect(answer.headers.get('x-seen')).toBe('13');
    expect(seen?.headers['x-early']).toBe('yes');
  });

  it('turns a render that fails mid-stream into a 500 page instead of a reset connection', async () => {
    const url = await serve((req, res) => {
      captureResponse(res, (captured: { status: number; headers: Record<string, string>; body: Buffer }) => {
        res.writeHead(captured.status, captured.headers);
        res.end(captured.body);
      });
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>half a page');
      res.destroy();
    });
    const answer = await fetch(url);
    expect(answer.status).toBe(500);
    expect(await answer.text()).toContain('Something went wrong. Please try again.');
  });
});
