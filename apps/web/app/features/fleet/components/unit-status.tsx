import { UNIT_STATUS_LABELS, type UnitStatus } from '@signalway/shared/fleet'
import { serviceDue } from '../service-due.ts'

const BADGE: Record<UnitStatus, string> = {
  available: 'badge--done',
  in_service: 'badge--in-progress',
  out_of_service: 'badge--declined',
  retired: 'badge--waiting',
}

/** A unit's status in words, on the colour of its kind. */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  return <span className={`badge ${BADGE[status]}`}>{UNIT_STATUS_LABELS[status]}</span>
}

/** The next service due, with "Overdue" written beside a date that has passed. */
export function ServiceDue({ nextServiceDue }: { nextServiceDue: string | null }) {
  const due = serviceDue(nextServiceDue)
  if (nextServiceDue === null) return <>{due.text}</>
  return (
    <span className="fleet-due">
      <time dateTime={nextServiceDue}>{due.text}</time>
      {due.overdue ? <span className="badge badge--declined fleet-due__overdue">Overdue</span> : null}
    </span>
  )
}
