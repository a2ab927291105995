import type { EnquiryStatus } from '@signalway/shared/constants'
import { STATUS_LABELS } from '../types.ts'

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return <span className={`badge badge--${status.replace('_', '-')}`}>{STATUS_LABELS[status]}</span>
}
