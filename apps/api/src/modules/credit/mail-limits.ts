import type { Executor } from '../../db/database.ts'
import { enqueueWithinMailboxLimit, lockMailboxes, pruneMailLog } from '../outbox/daily-limit.ts'
import type { enqueueMail, OutgoingMail } from '../outbox/service.ts'

/*
 * Every email of the credit application goes to an address its sender typed and has not proved is theirs, so
 * each kind has a daily limit per recipient, whoever asks: nobody's mailbox can be filled from here. A recipient
 * is its mailbox (mailboxKey): variants of one address share its limits.
 */

export type CreditMailKind =
  | 'draft-link'
  | 'signing-request'
  | 'signing-reminder'
  | 'signing-status'
  | 'signing-declined'
  | 'receipt'
  | 'guarantor-copy'

/** Links to a saved application, per recipient address a day. */
export const DRAFT_MAILS_PER_DAY = 20
/** Signing requests (first, sent again, after a change), per recipient address a day. */
export const SIGNING_MAILS_PER_DAY = 10

/** How many emails of each kind one address is sent at most in any 24 hours. */
export const CREDIT_MAILS_PER_DAY: Readonly<Record<CreditMailKind, number>> = {
  'draft-link': DRAFT_MAILS_PER_DAY,
  'signing-request': SIGNING_MAILS_PER_DAY,
  'signing-reminder': 5,
  'signing-status': 10,
  'signing-declined': 10,
  receipt: 10,
  /** A guarantor's copy of the signed application (ADR 036). */
  'guarantor-copy': 10,
}

/**
 * Takes the count locks of several addresses at once, in one order, before a transaction queues mail of one
 * kind to each of them: two transactions naming the same addresses in another order wait instead of deadlocking.
 */
export function lockRecipients(trx: Executor, kind: CreditMailKind, addresses: readonly string[]) {
  return lockMailboxes(trx, kind, addresses)
}

/**
 * Queues `mail` unless its address has been sent CREDIT_MAILS_PER_DAY[kind] emails of this kind in the last 24
 * hours (enqueueWithinMailboxLimit). Past the limit, with `refusal` a 429 with that message (the person asking
 * needs to know), else false (a notification is skipped).
 */
export function enqueueWithinDailyLimit(
  trx: Executor,
  kind: CreditMailKind,
  mail: OutgoingMail,
  now: Date,
  options: { refusal?: string; enqueue?: typeof enqueueMail } = {},
): Promise<boolean> {
  return enqueueWithinMailboxLimit(trx, { kind, perDay: CREDIT_MAILS_PER_DAY[kind] }, mail, now, options)
}

export { pruneMailLog }
