// Reports of a listing: the reasons, their words and the limits, without zod, so the property page's
// small report script can import them without bringing the schemas along.

export const REPORT_REASONS = [
  'already-let',
  'wrong-price',
  'asked-to-pay',
  'wrong-photos',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the visitor reads beside each reason, and what staff see in the list. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'already-let': 'Already let or sold',
  'wrong-price': 'The price is wrong',
  'asked-to-pay': 'Someone asked me to pay to view',
  'wrong-photos': 'The photos are not of this property',
  other: 'Something else',
};

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What staff may set: a report leaves `open` for one of these. */
export const REPORT_DECISIONS = ['resolved', 'dismissed'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

export const REPORT_DETAILS_MAX = 1000;
export const REPORT_NOTE_MAX = 1000;

export const REPORT_TEXT = {
  notFound: 'Report not found',
  sent: 'Thank you. Our team will look into this listing.',
  failed: 'Your report could not be sent. Please try again.',
  tooManyFromAddress: 'Too many reports from this network. Please try again later.',
  tooManyForListing: 'This listing has had many reports just now. Please try again later.',
} as const;
