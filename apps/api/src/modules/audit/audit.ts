/**
 * The audit log of admin changes: who, what, when, and the record before and after. Every module that changes
 * records writes to it, so it imports none of them: the actions are named here, and each module builds its own
 * snapshots from an allow-list of fields, so a password hash or a token can never end up in it.
 */
import type { FastifyRequest } from 'fastify'
import type { Executor } from '../../db/database.ts'
import { insertAuditEntry } from './repository.ts'

export type UserAuditAction =
  | 'user.create'
  | 'user.invite'
  | 'user.invitation-accept'
  | 'user.update'
  | 'user.archive'
  | 'user.second-factor-reset'
  | 'user.driver-set'
  | 'user.driver-removed'
export type CreditApplicationAuditAction = 'credit-application.update' | 'credit-application.note'
export type EnquiryAuditAction = 'enquiry.update' | 'enquiry.note'
export type NewsAuditAction = 'news.create' | 'news.update'
export type PageAuditAction = 'page.create' | 'page.update'
export type FaqAuditAction = 'faq.create' | 'faq.update' | 'faq.move' | 'faq.delete'
export type EquipmentTypeAuditAction = 'equipment-type.create' | 'equipment-type.update'
export type UnitAuditAction = 'unit.create' | 'unit.update' | 'unit.service'
export type DepotAuditAction = 'depot.zones'
export type CustomerAccountAuditAction =
  | 'customer-account.open'
  | 'customer-account.update'
  | 'customer-account.credit-limit'
  | 'customer-account.hold'
  | 'customer-account.release'
  | 'customer-account.site-create'
  | 'customer-account.site-update'
  | 'customer-account.site-delete'
  | 'customer-account.invite'
  | 'customer-account.invitation-revoke'
  | 'customer-account.join'
  | 'customer-account.member-update'
  | 'customer-account.member-remove'
  | 'customer-account.owner-invitation'
export type BookingAuditAction =
  | 'booking.request'
  | 'booking.approve'
  | 'booking.decline'
  | 'booking.confirm'
  | 'booking.staff-decline'
  | 'booking.units-change'
  | 'booking.on-hire'
  | 'booking.extend'
  | 'booking.off-hire'
  | 'booking.collect'
  | 'booking.close'

export type FaultAuditAction = 'fault.update'
export type FieldAuditAction = 'dispatch.save' | 'docket.create'
export type BillingAuditAction = 'invoice.issue' | 'adjustment-note.issue' | 'billing.run'
export type PaymentAuditAction =
  | 'payment.record'
  | 'payment.allocate'
  | 'payment.reverse'
  | 'payment.allocation-reverse'

export type AuditAction =
  | UserAuditAction
  | CreditApplicationAuditAction
  | EnquiryAuditAction
  | NewsAuditAction
  | PageAuditAction
  | FaqAuditAction
  | EquipmentTypeAuditAction
  | UnitAuditAction
  | DepotAuditAction
  | CustomerAccountAuditAction
  | BookingAuditAction
  | FaultAuditAction
  | FieldAuditAction
  | BillingAuditAction
  | PaymentAuditAction

export type AuditTargetType =
  | 'user'
  | 'credit-application'
  | 'enquiry'
  | 'news'
  | 'page'
  | 'faq'
  | 'equipment-type'
  | 'unit'
  | 'depot'
  | 'customer-account'
  | 'booking'
  | 'fault'
  | 'docket'
  | 'invoice'
  | 'adjustment-note'
  | 'billing-run'
  | 'payment'

/** Who made a change: the signed-in user (the auth module's AuthUser has these fields). */
export interface AuditActor {
  /** The user id as it travels on the wire (a decimal string). */
  id: string
  email: string
}

export interface AuditEntry {
  /** Null for the scheduled work no one started (the billing run). */
  actor: AuditActor | null
  action: AuditAction
  targetType: AuditTargetType
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
  await insertAuditEntry(db, {
    at: entry.at.toISOString(),
    actor_id: entry.actor === null ? null : Number(entry.actor.id),
    actor_email: entry.actor?.email ?? null,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
    request_id: entry.requestId ?? null,
    ip: entry.ip ?? null,
  })
}
