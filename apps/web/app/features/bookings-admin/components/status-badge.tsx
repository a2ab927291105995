import { BOOKING_STATUS_WORDS, type BookingStatus } from '@signalway/shared/bookings'

const BADGE: Record<BookingStatus, string> = {
  awaiting_approval: 'badge--waiting',
  requested: 'badge--new',
  confirmed: 'badge--in-progress',
  on_hire: 'badge--in-progress',
  off_hire_requested: 'badge--waiting',
  off_hired: 'badge--done',
  closed: 'badge--done',
  declined: 'badge--declined',
  cancelled: 'badge--declined',
}

/** A booking's status as a badge, in the words customers see too. */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`badge ${BADGE[status]}`}>{BOOKING_STATUS_WORDS[status]}</span>
}
