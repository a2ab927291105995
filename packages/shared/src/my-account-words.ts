import type { ENQUIRY_KINDS, ENQUIRY_STATUSES } from './constants.ts'

/* The account area's words, without zod: its enhancement script shows the page before the app (ADR 030).
 * `my-account.ts` has the schemas and re-exports these. */

export const MY_ACCOUNT_MESSAGES = {
  loadFailed: 'Unable to load your account. Please try again.',
  pdfFailed: 'Unable to download the PDF. Please try again.',
  confirmSent: (email: string) =>
    `We have emailed a confirmation link to ${email}. Open it to see here what you sent with that address while signed out.`,
  confirmFailed: 'Unable to send the confirmation email. Please try again.',
} as const

export const ENQUIRY_KIND_WORDS: Record<(typeof ENQUIRY_KINDS)[number], string> = {
  contact: 'Message',
  quote: 'Quote request',
}

/** Customer-facing words for the statuses staff set. */
export const ENQUIRY_STATUS_WORDS: Record<(typeof ENQUIRY_STATUSES)[number], string> = {
  new: 'Received',
  in_progress: 'In progress',
  done: 'Done',
}
