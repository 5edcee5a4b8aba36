// Lets us see a whole response Astro writes before it reaches the client, so it can be compressed
// and (when the page allows) cached. Pages here are small, so buffering costs little.

/**
 * Replaces writeHead/write/end on `res` with collectors; `onEnd({status, statusMessage, headers, body})`
 * runs once when Astro ends the response, with the original methods restored on `res`.
 */
export function captureResponse(res, onEnd) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end, destroy: res.destroy };
  const chunks = [];
  let head = null;
  const toBuffer = (chunk, encoding) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
        : Buffer.from(chunk);

  res.writeHead = (status, ...rest) => {
    const statusMessage = typeof rest[0] === 'string' ? rest.shift() : undefined;
    head = { status, statusMessage, headers: rest[0] ?? {} };
    return res;
  };
  res.write = (chunk, encoding, callback) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(toBuffer(chunk, encoding));
    const cb = [encoding, callback].find((a) => typeof a === 'function');
    if (cb) process.nextTick(cb);
    return true;
  };
  // Astro destroys the socket when rendering fails mid-stream; since nothing has been sent yet,
  // answer with a proper 500 instead of a reset connection.
  res.destroy = (error) => {
    if (error) console.error(`site: rendering ${(res.req?.url ?? '').split('?')[0]} failed`, error);
    head = {
      status: 500,
      statusMessage: undefined,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    };
    chunks.length = 0;
    chunks.push(
      Buffer.from(
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Something went wrong</title><p>Something went wrong. Please try again.</p><p><a href="/">Back to Home</a></p></html>',
      ),
    );
    res.end();
    return res;
  };
  res.end = (chunk, encoding, callback) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(toBuffer(chunk, encoding));
    Object.assign(res, original);
    // Headers set with setHeader() and those passed to writeHead() both count; writeHead's win.
    const headers = {};
    for (const [k, v] of Object.entries(res.getHeaders())) headers[k.toLowerCase()] = v;
    for (const [k, v] of Object.entries(head?.headers ?? {})) headers[k.toLowerCase()] = v;
    for (const name of Object.keys(res.getHeaders())) res.removeHeader(name);
    onEnd({
      status: head?.status ?? res.statusCode,
      statusMessage: head?.statusMessage ?? res.statusMessage,
      headers,
      body: Buffer.concat(chunks),
    });
    const cb = [chunk, encoding, callback].find((a) => typeof a === 'function');
    if (cb) process.nextTick(cb);
    return res;
  };
}
