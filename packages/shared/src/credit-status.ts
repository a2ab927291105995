/* A credit application's status as people read it, without zod: the account page's enhancement script
 * shows it before the app (ADR 030). `credit-admin.ts` has the schemas and re-exports these. */

/** Where an application is in the accounts team's work, in order. */
export const CREDIT_STATUSES = [
  'received',
  'under_review',
  'more_information_needed',
  'approved',
  'declined',
] as const
export type CreditStatus = (typeof CREDIT_STATUSES)[number]

export const CREDIT_STATUS_LABELS: Readonly<Record<CreditStatus, string>> = {
  received: 'Received',
  under_review: 'Under review',
  more_information_needed: 'More information needed',
  approved: 'Approved',
  declined: 'Declined',
}
