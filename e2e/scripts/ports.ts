// Ports of the end-to-end stack: apart from `npm start`'s, so both can run at once.
export const E2E = {
  cmsPort: 1447,
  sitePort: 4431,
  mailPort: 1125,
  cmsUrl: 'http://127.0.0.1:1447',
  siteUrl: 'http://127.0.0.1:4431',
} as const;
