import type { FaultReported } from '@signalway/shared/faults'

/** What the unit page's action answers its fault form. */
export type PostedFault =
  | { status: 'sent'; reported: FaultReported }
  | {
      status: 'invalid' | 'failed'
      values: { symptoms?: string[]; text?: string; name?: string; phone?: string }
      errors: Record<string, string>
    }
