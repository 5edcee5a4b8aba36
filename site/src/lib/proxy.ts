// Hop-by-hop headers and those fetch() rewrites (it decompresses bodies) must not be copied.
const DROPPED_REQUEST_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'accept-encoding']);
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length']);

export function forwardRequestHeaders(incoming: Headers, clientAddress: string | undefined): Headers {
  const out = new Headers();
  incoming.forEach((value, key) => {
    if (!DROPPED_REQUEST_HEADERS.has(key.toLowerCase())) out.set(key, value);
  });
  if (clientAddress) {
    const prior = incoming.get('x-forwarded-for');
    out.set('x-forwarded-for', prior ? `${prior}, ${clientAddress}` : clientAddress);
  }
  return out;
}

export function forwardResponseHeaders(incoming: Headers): Headers {
  const out = new Headers();
  incoming.forEach((value, key) => {
    if (!DROPPED_RESPONSE_HEADERS.has(key.toLowerCase())) out.append(key, value);
  });
  return out;
}

/** Sends the browser's request to the cms on the same path, so the browser talks to one origin. */
export async function proxyToCms(request: Request, cmsUrl: string, clientAddress: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const target = `${cmsUrl}${url.pathname}${url.search}`;
  const hasBody = !['GET', 'HEAD'].includes(request.method);
  try {
    const res = await fetch(target, {
      method: request.method,
      headers: forwardRequestHeaders(request.headers, clientAddress),
      body: hasBody ? request.body : undefined,
      redirect: 'manual',
      // Streams the request body instead of buffering it (needed by Node's fetch for a stream body).
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: forwardResponseHeaders(res.headers) });
  } catch {
    return Response.json({ message: 'The service is temporarily unavailable. Please try again.' }, { status: 502 });
  }
}
