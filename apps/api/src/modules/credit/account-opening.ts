import { cents } from '@signalway/shared/money'
import type { Executor } from '../../db/database.ts'
import type { CreditApplicationRow } from '../../db/schema.ts'
import type { AuditActor, AuditContext } from '../audit/audit.ts'
import { type ApprovedApplication, openAccountForApplication } from '../customer-accounts/opening.ts'
import type { DecisionFields } from './repository.ts'

/** The parts of the stored application (credit_applications.payload) an account takes. */
interface StoredParts {
  section1?: { fullNameOfCustomer?: unknown; businessName?: unknown; acn?: unknown }
  section3?: { email?: unknown; sendBy?: unknown }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/**
 * What the account of an approved application is opened with (ADR 045): the customer's full name as the legal
 * name, the business name as the trading name, the ABN and ACN, the accounts payable contact's email and invoice
 * choice (section 3), and the decision's limit and terms. The decision keeps its limit in whole dollars (migration
 * 0012); the account keeps cents, so the dollars are multiplied by 100 here, once, as integers.
 */
export function approvedApplicationOf(
  row: CreditApplicationRow,
  fields: DecisionFields,
): ApprovedApplication {
  const stored = JSON.parse(row.payload) as StoredParts
  const legalName = text(stored.section1?.fullNameOfCustomer) || row.business_name
  const acn = text(stored.section1?.acn)
  const sendBy = stored.section3?.sendBy
  return {
    id: row.id,
    reference: row.reference,
    legalName,
    tradingName: text(stored.section1?.businessName) || row.business_name,
    abn: row.abn,
    acn: acn === '' ? null : acn,
    creditLimitCents: cents((fields.credit_limit ?? 0) * 100),
    paymentTermsDays: fields.payment_terms_days ?? 0,
    billingEmail: text(stored.section3?.email) || row.email,
    invoiceDelivery: typeof sendBy === 'number' ? sendBy : Number(sendBy ?? 0) || 0,
    applicantUserId: row.user_id,
    applicantEmail: row.email,
  }
}

/** Opens the account of an application that a decision leaves approved; a second approval opens none. */
export async function openAccountIfApproved(
  trx: Executor,
  row: CreditApplicationRow,
  fields: DecisionFields,
  change: { actor: AuditActor; context: AuditContext; now: Date; siteUrl: string },
): Promise<void> {
  if (fields.status !== 'approved') return
  await openAccountForApplication(trx, approvedApplicationOf(row, fields), change)
}
