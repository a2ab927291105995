import type { CreditStatus } from '@signalway/shared/credit-status'
import { creditBadge } from './credit-badge.ts'

export function CreditStatusBadge({ status }: { status: CreditStatus }) {
  const badge = creditBadge(status)
  return <span className={badge.className}>{badge.text}</span>
}
