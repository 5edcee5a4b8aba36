import createError from 'http-errors';

/**
 * An error answered with exactly this status and message. Strapi replaces an UnauthorizedError or
 * ForbiddenError thrown by a policy or controller with a bare "Unauthorized"/"Forbidden"; HTTP errors
 * keep their message, so the client can show it.
 */
export function httpError(status: 400 | 401 | 403 | 409 | 413 | 415 | 503, message: string) {
  return createError(status, message);
}
