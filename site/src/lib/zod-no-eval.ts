import { z } from 'zod';

// The site's Content-Security-Policy allows no eval. zod 4 probes for it (`new Function('')`) the
// first time it parses an object, to compile a faster parser; the probe is refused, zod falls back,
// and the browser logs a CSP violation on every page that parses (Lighthouse's "issues" audit). In
// the browser zod is told up front not to try. This module sits in the chunk that carries zod
// (api-call.ts imports it), so it runs before anything parses.
z.config({ jitless: true });
