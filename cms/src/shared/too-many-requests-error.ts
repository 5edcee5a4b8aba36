import { errors } from '@strapi/utils';

/**
 * 429 with the seconds to wait in `details.retryAfter` (the error-message middleware turns it into a
 * Retry-After header). Thrown by every throttle: site sign-in, codes, panel sign-in, the newsletter.
 */
export class TooManyRequestsError extends errors.RateLimitError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, { retryAfter: retryAfterSeconds });
  }
}
