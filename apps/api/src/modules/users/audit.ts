/**
 * The audit log of admin changes: who, what, when, and the record before and after. Snapshots are
 * built from an allow-list of fields, so a password hash or a token can never end up in it.
 */
import type { FastifyRequest } from 'fastify'
import type { Executor } from '../../db/database.ts'
import type { AuditLogRow, UserRow } from '../../db/schema.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { personOf } from './repository.ts'

export type AuditAction =
  | 'user.create'
  | 'user.invite'
  | 'user.invitation-accept'
  | 'user.update'
  | 'user.archive'
  | 'user.second-factor-reset'
  | 'credit-application.update'
  | 'credit-application.note'
  | 'enquiry.update'
  | 'enquiry.note'
  | 'news.create'
  | 'news.update'
  | 'page.create'
  | 'page.update'
  | 'faq.create'
  | 'faq.update'
  | 'faq.move'
  | 'faq.delete'

export interface AuditEntry {
  actor: Pick<AuthUser, 'id' | 'email'>
  action: AuditAction
  targetType: 'user' | 'credit-application' | 'enquiry' | 'news' | 'page' | 'faq'
  targetId: string
  before: object | null
  after: object | null
  requestId?: string | undefined
  ip?: string | undefined
  at: Date
}

/** Where a change came from, for the audit log. */
export interface AuditContext {
  requestId: string
  ip: string
}

export function auditContextOf(request: FastifyRequest): AuditContext {
  return { requestId: request.id, ip: request.ip }
}

export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at.toISOString(),
      actor_id: Number(entry.actor.id),
      actor_email: entry.actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      request_id: entry.requestId ?? null,
      ip: entry.ip ?? null,
    })
    .execute()
}

/** The audit entries about one record, oldest first. */
export async function findAuditEntries(
  db: Executor,
  targetType: string,
  targetId: string,
): Promise<AuditLogRow[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('at')
    .orderBy('id')
    .execute()
}

/** What the audit log keeps of a user: no password hash, no tokens. */
export function userSnapshot(user: UserRow) {
  return {
    ...personOf(user),
    emailConfirmed: user.email_confirmed_at !== null,
    memberType: user.member_type,
    isActive: user.is_active === 1,
    archivedAt: user.archived_at,
  }
}
