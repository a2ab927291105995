/** How long the outbox keeps a message: the one place for these numbers (docs/operations.md, "Mail"). */
export interface OutboxRetention {
  /** A sent message, from when it was sent. */
  readonly sentDays: number
  /** A message that failed for good, from its last attempt (staff may send it again until then). */
  readonly failedDays: number
  /**
   * A failed message holding a one-time link is emptied this long after it was queued: no link lives longer (a
   * saved application's, the longest, works 30 days after its save), so sending it again could only disappoint.
   */
  readonly failedLinkDays: number
  /** How often each instance prunes the outbox. */
  readonly everyMs: number
}

export const OUTBOX_RETENTION: OutboxRetention = {
  sentDays: 30,
  failedDays: 90,
  failedLinkDays: 30,
  everyMs: 60 * 60 * 1000,
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Whatever the retention, a day of messages stays: the per-recipient limits count the outbox's rows. */
export const OUTBOX_MINIMUM_KEPT_MS = DAY_MS

export interface PruneCutoffs {
  /** Sent messages sent before this go. */
  sentBefore: Date
  /** Failed messages last tried before this go. */
  failedBefore: Date
  /** Nothing queued at or after this goes. */
  keepSince: Date
  /** Failed messages queued before this are emptied when they hold a one-time link. */
  failedLinksBefore: Date
}

export function pruneCutoffs(now: Date, retention: OutboxRetention = OUTBOX_RETENTION): PruneCutoffs {
  const keepSince = new Date(now.getTime() - OUTBOX_MINIMUM_KEPT_MS)
  const before = (days: number) => new Date(Math.min(now.getTime() - days * DAY_MS, keepSince.getTime()))
  return {
    sentBefore: before(retention.sentDays),
    failedBefore: before(retention.failedDays),
    keepSince,
    failedLinksBefore: before(retention.failedLinkDays),
  }
}

/** What a sent message's text becomes when it held a link to a token page; its HTML goes. */
export const ERASED_BODY = '(Removed after sending: it held a one-time link.)'
