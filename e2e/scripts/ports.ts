// Ports of the end-to-end stack: apart from `npm start`'s, so both can run at once.
// E2E_PORT_OFFSET moves all of them, so two checkouts can run their suites side by side.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const cmsPort = 1447 + offset;
const sitePort = 4431 + offset;
const tilePort = 1191 + offset;

export const E2E = {
  cmsPort,
  sitePort,
  mailPort: 1125 + offset,
  smsPort: 2875 + offset,
  // POST {from, text}: a text from a phone to the cms, through the test SMSC (scripts/start-cms.mjs).
  smsInboundUrl: `http://127.0.0.1:${2876 + offset}/`,
  tilePort,
  // The map's tiles in tests: a local server that answers one PNG for every tile (scripts/tile-server.mjs).
  tilesUrl: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
  cmsUrl: `http://127.0.0.1:${cmsPort}`,
  siteUrl: `http://127.0.0.1:${sitePort}`,
  // Not a secret: shared by the test cms's webhook and the test site.
  cachePurgeToken: `e2e-cache-purge-token-${offset}`,
  // Not a secret either: the test cms signs the panel's preview links with it, the test site checks them.
  previewSecret: `e2e-preview-secret-not-a-secret-${offset}`,
} as const;
