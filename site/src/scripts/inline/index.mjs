// Scripts that must run inline, before first paint or before any image loads. They are constants so
// that their SHA-256 hashes can be listed in the Content-Security-Policy at build time
// (astro.config.mjs): the policy allows exactly these, never whatever a page happens to contain.
/** A property photo that fails to load shows the "not available" picture instead (registered before any image starts loading, so early failures are caught too). */
export const IMAGE_FALLBACK = `document.addEventListener('error', function (e) {
  var img = e.target;
  if (!img || img.tagName !== 'IMG' || !img.hasAttribute('data-fallback') || img.dataset.failed) return;
  img.dataset.failed = '1';
  img.removeAttribute('srcset');
  img.src = '/image-unavailable.svg';
  img.alt = 'Property Image Not Available';
}, true);`;

/** Before first paint: the signed-in state from localStorage (names only; the bundled script does the rest). */
export const SIGNED_IN_STATE = `(function (root) {
  try {
    var token = localStorage.getItem('token');
    var user = JSON.parse(localStorage.getItem('user') || 'null');
    if (!root || !token || !user || typeof user.email !== 'string') return;
    var words = String(user.fullName || '').trim().split(/\\s+/).filter(Boolean);
    var ini = words.length ? words.slice(0, 2).map(function (w) { return w[0].toUpperCase(); }).join('') : user.email.charAt(0).toUpperCase();
    root.querySelector('[data-am-out]').hidden = true;
    root.querySelector('[data-am-in]').hidden = false;
    root.querySelectorAll('[data-am-initials]').forEach(function (el) { el.textContent = ini; });
  } catch (e) {}
})(document.currentScript && document.currentScript.parentElement);`;

/**
 * The social sign-in return: `?token&id&email&role` on any page. First thing
 * in <head>, before any other script or request: the query leaves the address bar and history at
 * once (so it is never sent as a referrer, bookmarked or read by later scripts), the session is
 * stored as lib/session/store.ts stores it, and the visitor goes to /dashboard. The server neither
 * caches nor keeps such a request (server/main.mjs).
 */
export const SOCIAL_RETURN = `(function () {
  var q = new URLSearchParams(location.search);
  if (!q.has('token')) return;
  var token = q.get('token'), id = q.get('id'), email = q.get('email'), role = q.get('role');
  ['token', 'id', 'email', 'role'].forEach(function (k) { q.delete(k); });
  var rest = q.toString();
  history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
  if (!token || !id || !email || ['user', 'admin', 'superadmin'].indexOf(role) === -1) return;
  try {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify({ id: id, email: email, role: role, fullName: email.split('@')[0] }));
  } catch (e) { return; }
  location.replace('/dashboard');
})();`;

export const INLINE_SCRIPTS = [SOCIAL_RETURN, IMAGE_FALLBACK, SIGNED_IN_STATE];
