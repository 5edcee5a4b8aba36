// The one source of "now" for account rules, so tests can move time forward (code expiry, windows).
export default () => ({
  offsetMs: 0,
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  },
});
