// Rename to app.tsx to customise the admin panel (locales, theme). Kept as an example so the
// default admin build stays untouched.
export default {
  config: { locales: [] },
  bootstrap() {},
};
