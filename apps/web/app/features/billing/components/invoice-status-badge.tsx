import type { InvoiceStatus } from '@signalway/shared/receivables'

const BADGE: Record<InvoiceStatus, string> = {
  Unpaid: 'badge--new',
  'Part paid': 'badge--waiting',
  Paid: 'badge--done',
  Overdue: 'badge--declined',
}

/** An invoice's status (requirements §22) as a badge, in the words staff and customers both see. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={`badge ${BADGE[status]}`}>{status}</span>
}
