// Business constants (page sizes, limits, time-outs). One copy so cms limits and site UI agree.

/** One day in milliseconds: Accra has no daylight saving, so every day is this long. */
export const DAY_MS = 86_400_000;

export const LISTING_PAGE_SIZE = 8;
export const MAX_PAGE_SIZE = 50;
/** The most points the listing's map view is sent at once (GET /products/map); X-Has-More tells of the rest. */
export const MAP_POINTS_LIMIT = 500;
export const FEATURED_MAX = 8;
export const ADMIN_PAGE_SIZES = [5, 10, 20, 50] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 10;
export const PAGINATION_WINDOW = 5;
// The deepest page number any list takes: deeper than any list, and an offset every database can
// still read (a page of 100 there is an offset of 1e11, well inside a 64-bit integer).
export const MAX_PAGE = 1_000_000_000;
// A public text search (or location) holds at least this many letters or digits in all: fewer give
// the trigram indexes nothing to look up, so the database would read every row to answer them.
export const MIN_SEARCH_LETTERS = 3;
// The public listing counts its matches exactly up to this many; past it the total is "10,000+"
// (X-Total-Count carries the bound, X-Total-Count-Relation says gte), and pages past it are reached
// with Next (a cursor), not by number.
export const LISTING_COUNT_BOUND = 10_000;

export const OTP_LENGTH = 4;
export const OTP_TTL_SECONDS = 3600;
export const OTP_RESEND_SECONDS = 60;
// Four digits are guessable; cap wrong guesses per code and codes per hour per address.
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_PER_HOUR = 5;
// Wrong codes per address and purpose in a day before that purpose's codes are locked.
export const OTP_MAX_FAILURES_PER_DAY = 15;
// Per network address, so one client cannot spray many addresses (a shared mobile network counts as one).
export const OTP_REQUESTS_PER_IP_PER_HOUR = 20;
export const OTP_CHECKS_PER_IP_PER_HOUR = 30;
// Codes sent by text cost money per text, and "SMS pumping" bots request them to costly numbers to
// take a share: texts have limits of their own on top of the codes' — per number, per network address
// (an IPv6 /64 counts as one), per block of 10,000 numbers — and live 10 minutes.
export const SMS_CODE_TTL_SECONDS = 600;
export const SMS_CODES_PER_NUMBER_PER_HOUR = 3;
export const SMS_CODES_PER_NUMBER_PER_DAY = 10;
export const SMS_CODES_PER_NETWORK_PER_HOUR = 5;
export const SMS_CODES_PER_PREFIX_PER_HOUR = 20;
// Texts a day (Accra's day) the service may send, unless System settings say otherwise. Past the warning
// share staff are e-mailed once that day; at the budget code texts stop (e-mailed codes still work),
// while viewings' texts, which cannot wait, still go.
export const SMS_DAILY_BUDGET_DEFAULT = 2000;
export const SMS_DAILY_BUDGET_MAX = 1_000_000;
/** Months a closed enquiry's or finished viewing's conversation is kept after its last message. */
export const THREAD_RETENTION_MONTHS_DEFAULT = 24;
export const THREAD_RETENTION_MONTHS_MAX = 120;
export const SMS_BUDGET_WARN_PERCENT = 80;
// Wrong passwords before sign-in to an address is locked for the window, and per network address.
export const SIGN_IN_FAILURES_PER_ADDRESS = 5;
export const SIGN_IN_FAILURES_PER_IP = 30;
export const SIGN_IN_WINDOW_SECONDS = 900;
// How long a verified reset code keeps the right to set a new password.
export const RESET_VERIFIED_TTL_SECONDS = 900;

export const PASSWORD_MIN_LENGTH = 8;
// bcrypt (Strapi's hash) ignores everything past 72 bytes and Strapi's own endpoints refuse longer ones.
export const PASSWORD_MAX_BYTES = 72;

export const IMAGE_MAX_BYTES = 10_485_760;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

export const BOOKING_HORIZON_DAYS = 14;
export const SLOT_MINUTES = 30;
export const FIRST_SLOT = '09:00';
export const LAST_SLOT = '17:00';
export const NOTICE_HOURS = 24;

export const TOKEN_CHECK_TIMEOUT_MS = 3000;
export const TOAST_DURATION_MS = 5000;
export const TESTIMONIAL_INTERVAL_MS = 5000;

export const SHORT_ID_LENGTH = 8;
export const POSTED_BY_ID_LENGTH = 12;
export const LOCATION_TRUNCATE = 30;

export const TIME_ZONE = 'Africa/Accra';

/** The most favourites one account keeps (saving more is refused until some are removed). */
export const FAVOURITES_MAX = 500;

/** The most saved searches one account keeps. */
export const SAVED_SEARCHES_MAX = 20;

/** The most listings one alert e-mail shows; the rest are behind its "See all" link. */
export const ALERT_LISTINGS_MAX = 10;
