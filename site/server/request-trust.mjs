// What the site believes about a request: who sent it and which address it was sent to. Nothing the
// client writes in Host, Forwarded or X-Forwarded-* is believed. The public origin is SITE_URL (or,
// without it, the address this server listens on); the client is the socket's peer, or, with
// SITE_BEHIND_PROXY=true, the one address our own front proxy (TLS terminator, load balancer)
// appended last to X-Forwarded-For. Every request is rewritten to carry only these values before
// Astro, the page cache or the cms sees it, so a forged header can neither poison a cached page
// nor make two visitors share (or dodge) a throttle.

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
];

/**
 * @param {{ siteUrl?: string, host?: string, port?: number | string, behindProxy?: boolean }} options
 */
export function createRequestTrust({ siteUrl, host = '127.0.0.1', port = 4321, behindProxy = false }) {
  const configured = siteUrl?.trim() ? new URL(siteUrl.trim()) : null;
  const fallback = new URL(
    `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`,
  );
  const origin = configured ?? fallback;

  /** The host (with port) the page links to. Without SITE_URL, a loopback name the visitor used on our own port is kept, so local development works on localhost and 127.0.0.1 alike. */
  function publicHost(req) {
    if (configured) return configured.host;
    const asked = String(req.headers.host ?? '').toLowerCase();
    const m = /^(\[[0-9a-f:]+\]|[a-z0-9.-]+)(?::(\d+))?$/.exec(asked);
    if (m && LOOPBACK_NAMES.has(m[1]) && (m[2] ?? '80') === String(fallback.port || '80')) return asked;
    return fallback.host;
  }

  /** The client's address: the socket's peer, or the last hop our own front proxy added. */
  function clientAddress(req) {
    const peer = req.socket?.remoteAddress ?? '';
    if (!behindProxy) return peer;
    const hops = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return hops.at(-1) ?? peer;
  }

  return {
    https: origin.protocol === 'https:',
    origin: origin.origin,
    clientAddress,
    /** Rewrites the request's Host and forwarding headers to the trusted values, in place. */
    normalise(req) {
      const client = clientAddress(req);
      const hostValue = publicHost(req);
      for (const name of FORWARDING_HEADERS) delete req.headers[name];
      req.headers.host = hostValue;
      req.headers['x-forwarded-host'] = hostValue;
      req.headers['x-forwarded-proto'] = origin.protocol.replace(':', '');
      if (client) req.headers['x-forwarded-for'] = client;
      return req;
    },
  };
}
