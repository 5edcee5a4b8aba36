// The one source of "now" for every rule (codes, throttle windows, viewings, enquiries, stats), so
// tests can move time forward.
export default () => ({
  offsetMs: 0,
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  },
});
