import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import { dialectOf } from '../../db/dialect.ts'
import type { UserRow } from '../../db/schema.ts'
import { toTimestamp } from '../../lib/time.ts'

/*
 * user_invitations (migration 0025, ADR 035): the links that let an invited person set their own password,
 * stored as SHA-256 hashes only.
 */

export interface NewInvitation {
  hash: string
  userId: number
  mailbox: string
  invitedBy: number
  createdAt: Date
  expiresAt: Date
}

export async function insertInvitation(db: Executor, invitation: NewInvitation): Promise<void> {
  await db
    .insertInto('user_invitations')
    .values({
      token_hash: invitation.hash,
      user_id: invitation.userId,
      mailbox: invitation.mailbox,
      invited_by: invitation.invitedBy,
      created_at: toTimestamp(invitation.createdAt),
      expires_at: toTimestamp(invitation.expiresAt),
    })
    .execute()
}

/**
 * Makes another transaction that invites the same mailbox wait until this one ends, so that two at once cannot
 * both take the day's last place (PostgreSQL; SQLite runs one write transaction at a time).
 */
export async function lockInvitationMailbox(trx: Executor, mailbox: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return
  const key = createHash('sha256').update(`user-invitation\n${mailbox}`).digest().readBigInt64BE(0)
  await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx)
}

/** How many invitations were sent to a mailbox after a time (each row was written with its email). */
export async function countInvitationsToMailboxAfter(
  db: Executor,
  mailbox: string,
  after: Date,
): Promise<number> {
  const row = await db
    .selectFrom('user_invitations')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('mailbox', '=', mailbox)
    .where('created_at', '>', toTimestamp(after))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export type InvitationState = 'usable' | 'accepted' | 'ended' | 'expired'

/** An invitation and its user (active and listed), with what the link can still do; undefined when unknown. */
export async function findInvitation(
  db: Executor,
  hash: string,
  now: Date,
): Promise<{ state: InvitationState; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('user_invitations as invitation')
    .innerJoin('users', 'users.id', 'invitation.user_id')
    .selectAll('users')
    .select([
      'invitation.expires_at as invitation_expires_at',
      'invitation.ended_at as invitation_ended_at',
      'invitation.outcome as invitation_outcome',
    ])
    .where('invitation.token_hash', '=', hash)
    .where('users.is_active', '=', 1)
    .where('users.archived_at', 'is', null)
    .executeTakeFirst()
  if (!row) return undefined
  const { invitation_expires_at, invitation_ended_at, invitation_outcome, ...user } = row
  const state: InvitationState =
    invitation_ended_at !== null
      ? invitation_outcome === 'accepted'
        ? 'accepted'
        : 'ended'
      : invitation_expires_at <= toTimestamp(now)
        ? 'expired'
        : 'usable'
  return { state, user: user as UserRow }
}

/** Spends an invitation; false when it was no longer open (used at the same moment, or ended). */
export async function markInvitationAccepted(db: Executor, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('user_invitations')
    .set({ ended_at: toTimestamp(now), outcome: 'accepted' })
    .where('token_hash', '=', hash)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', toTimestamp(now))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Ends a user's open invitations (a newer one, a password set another way, an address changed by staff). */
export async function endInvitationsOfUser(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('user_invitations')
    .set({ ended_at: toTimestamp(now), outcome: 'ended' })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute()
}
