// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@fie/domain';
import { ApiError } from '../src/lib/api-call';
import {
  percentOf,
  screenFiles,
  uploadImage,
  type UploadRequest,
} from '../src/islands/back-office/properties/image-upload';
import { getSession, setSession } from '../src/lib/session/store';

/** A stand-in XMLHttpRequest: records what was sent; the test answers it and reports progress. */
class FakeRequest implements UploadRequest {
  static made: FakeRequest[] = [];
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeRequest.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const file = (name = 'front.jpg', type = 'image/jpeg', size = 2048) =>
  new File([new Uint8Array(size)], name, { type });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const makeRequest = () => new FakeRequest();

beforeEach(() => {
  FakeRequest.made = [];
  localStorage.clear();
  setSession('access-1', { id: 'u1', email: 'kofi@fiehomes.local', role: 'admin', fullName: 'Kofi Addo' });
});
afterEach(() => vi.unstubAllGlobals());

describe('upload progress', () => {
  it('is a whole percent, 0 while the size is unknown, never above 100', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(512, 1024)).toBe(50);
    expect(percentOf(2000, 1000)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
  });

  it('reports each progress event of the file, sends the bearer token, and answers the image URL', async () => {
    const seen: number[] = [];
    const done = uploadImage(file(), { onProgress: (p) => seen.push(p), makeRequest });
    const xhr = FakeRequest.made[0]!;
    expect([xhr.method, xhr.url, xhr.headers.Authorization]).toEqual([
      'POST',
      '/api/upload',
      'Bearer access-1',
    ]);
    expect((xhr.body!.get('files') as File).name).toBe('front.jpg');
    xhr.progress(256, 1024);
    xhr.progress(1024, 1024);
    xhr.answer(201, [{ url: '/uploads/front_1a2b.jpg', name: 'front.jpg' }]);
    expect(await done).toBe('/uploads/front_1a2b.jpg');
    expect(seen).toEqual([25, 100, 100]);
  });

  it('renews an expired token once and sends the file again', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ token: 'access-2' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const done = uploadImage(file(), { onProgress: () => {}, makeRequest });
    FakeRequest.made[0]!.answer(401, { message: 'Please log in to continue' });
    await vi.waitFor(() => expect(FakeRequest.made).toHaveLength(2));
    expect(fetch).toHaveBeenCalledWith('/api/refresh', expect.objectContaining({ method: 'POST' }));
    expect(FakeRequest.made[1]!.headers.Authorization).toBe('Bearer access-2');
    FakeRequest.made[1]!.answer(201, [{ url: '/uploads/x.jpg' }]);
    expect(await done).toBe('/uploads/x.jpg');
    expect(getSession()?.token).toBe('access-2');
  });

  it("carries the server's refusal, or no message (the caller's fallback) when the network fails", async () => {
    const refused = uploadImage(file(), { onProgress: () => {}, makeRequest });
    FakeRequest.made[0]!.answer(400, { message: MESSAGES.invalidFileType });
    await expect(refused).rejects.toEqual(new ApiError(MESSAGES.invalidFileType, 400));

    const offline = uploadImage(file(), { onProgress: () => {}, makeRequest });
    FakeRequest.made[1]!.onerror?.();
    await expect(offline).rejects.toMatchObject({ message: '' });
  });

  it('stops when the dialog closes', async () => {
    const controller = new AbortController();
    const done = uploadImage(file(), { onProgress: () => {}, makeRequest, signal: controller.signal });
    await tick();
    controller.abort();
    expect(FakeRequest.made[0]!.aborted).toBe(true);
    await expect(done).rejects.toBeInstanceOf(ApiError);
  });
});

describe('files checked before upload', () => {
  it('refuses other types and files over 10 MB, each with its message', () => {
    const ok = [
      file('a.jpg'),
      file('b.JPEG', 'image/jpeg'),
      file('c.png', 'image/png'),
      file('d.webp', 'image/webp'),
    ];
    const gif = file('e.gif', 'image/gif');
    const big = { name: 'f.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 };
    const { accepted, refused } = screenFiles([...ok, gif, big]);
    expect(accepted).toEqual(ok);
    expect(refused.map((r) => [r.file.name, r.message])).toEqual([
      ['e.gif', MESSAGES.invalidFileType],
      ['f.jpg', MESSAGES.fileTooLarge],
    ]);
    expect(screenFiles([{ name: 'g.jpg', type: 'image/jpeg', size: 10 * 1024 * 1024 }]).refused).toEqual([]);
  });
});
