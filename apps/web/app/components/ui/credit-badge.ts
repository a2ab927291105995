import { CREDIT_STATUS_LABELS, type CreditStatus } from '@signalway/shared/credit-status'

/** The badge colours the enquiry inbox uses, one per stage of a credit decision (text, never colour alone). */
const VARIANT: Readonly<Record<CreditStatus, string>> = {
  received: 'badge--new',
  under_review: 'badge--in-progress',
  more_information_needed: 'badge--waiting',
  approved: 'badge--done',
  declined: 'badge--declined',
}

/** A credit application's status badge, without React (the account page's enhancement script shows it too, ADR 030). */
export function creditBadge(status: CreditStatus): { className: string; text: string } {
  return { className: `badge ${VARIANT[status]}`, text: CREDIT_STATUS_LABELS[status] }
}
