import { CREDIT_STATUS_LABELS, type CreditStatus } from '@signalway/shared/credit-admin'

/** The badge colours the enquiry inbox uses, one per stage of a credit decision (text, never colour alone). */
const VARIANT: Readonly<Record<CreditStatus, string>> = {
  received: 'badge--new',
  under_review: 'badge--in-progress',
  more_information_needed: 'badge--waiting',
  approved: 'badge--done',
  declined: 'badge--declined',
}

export function CreditStatusBadge({ status }: { status: CreditStatus }) {
  return <span className={`badge ${VARIANT[status]}`}>{CREDIT_STATUS_LABELS[status]}</span>
}
