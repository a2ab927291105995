import {
  BOOKING_MESSAGES,
  type BookingDetail,
  type bookingRequestSchema,
  formatYearReference,
  BOOKING_REQUEST_MESSAGES as MESSAGES,
  type StaffCheck,
} from '@signalway/shared/bookings'
import { businessDay } from '@signalway/shared/business-time'
import { HIRE_TERMS_SHA256, HIRE_TERMS_VERSION } from '@signalway/shared/hire-terms-version'
import type { z } from 'zod'
import { nextCounterValue } from '../../db/counters-repository.ts'
import type { Executor } from '../../db/database.ts'
import type { BookingStatusValue } from '../../db/schema.ts'
import { ConflictError, ValidationError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { availableCredit } from '../customer-accounts/available-credit.ts'
import { columnsOf } from '../customer-accounts/sites.ts'
import { insertSite } from '../customer-accounts/sites-repository.ts'
import { reserveUnits, UnitsNotAvailableError } from '../fleet/availability.ts'
import { enqueueMail } from '../outbox/service.ts'
import { bookerOf, bookingDetailOf } from './access.ts'
import { storeAgreement } from './agreement.ts'
import { approvalNeededMail, type BookingMailFacts, bookingReceivedMail } from './mail.ts'
import { type BookingQuote, quoteBooking } from './pricing.ts'
import {
  type BookingAccount,
  type BookingMember,
  findAccountForBooking,
  findSiteName,
  insertBookingItem,
  insertBookingRow,
  linkBookingLines,
  listAccountAdminEmails,
} from './repository.ts'
import type { BookingsDeps } from './route-options.ts'

/*
 * A booking request (ADR 048, requirements §19): an Orderer or Account admin books equipment for one of the
 * account's sites (or a new one, made in the same transaction), accepting the current Terms and Conditions of
 * Hire. One transaction gives it its reference, writes it with the indicative price and the rates it was priced
 * at, reserves its units (so availability stays honest from the moment it is asked for), audits it and queues its
 * emails; the sealed hire agreement PDF is made after the commit.
 */

export type BookingRequestValues = z.output<typeof bookingRequestSchema>

export interface RequestContext {
  audit: AuditContext
  userAgent: string
}

/**
 * Why a requested booking waits for staff: the account is on hold, or the total is over the available credit (the
 * credit limit less the totals of the account's other open bookings); null when it does not.
 */
export async function staffCheckOf(
  db: Executor,
  account: BookingAccount,
  totalCents: number,
  exceptBookingId?: number,
): Promise<StaffCheck | null> {
  if (account.on_hold === 1) return 'on_hold'
  return totalCents > (await availableCredit(db, account, exceptBookingId)) ? 'over_credit' : null
}

/** An orderer's booking over their approval limit waits for an Account admin. */
export function needsApproval(member: BookingMember, totalCents: number): boolean {
  return (
    member.role === 'orderer' &&
    member.approval_limit_cents !== null &&
    totalCents > Number(member.approval_limit_cents)
  )
}

export const bookingLink = (siteUrl: string, accountId: number, bookingId: number) =>
  `${siteUrl}/my-account/accounts/${accountId}/bookings/${bookingId}/`

function checkRequest(values: BookingRequestValues, account: BookingAccount): void {
  if (values.terms.version !== HIRE_TERMS_VERSION || values.terms.sha256 !== HIRE_TERMS_SHA256)
    throw new ConflictError(MESSAGES.termsChanged)
  if (account.po_required === 1 && !values.poNumber)
    throw new ValidationError({ poNumber: [MESSAGES.poRequired] }, MESSAGES.poRequired)
  if (values.newSite && !values.newSite.address.postcode?.trim())
    throw new ValidationError(
      { 'newSite.address.postcode': [BOOKING_MESSAGES.postcodeRequired] },
      BOOKING_MESSAGES.postcodeRequired,
    )
}

async function siteIdOf(
  trx: Executor,
  values: BookingRequestValues,
  accountId: number,
  audit: { user: AuthUser; context: AuditContext; now: Date },
): Promise<number> {
  if (values.siteId !== undefined || !values.newSite) return values.siteId as number
  const columns = columnsOf(values.newSite)
  const siteId = await insertSite(trx, {
    ...columns,
    account_id: accountId,
    version: 1,
    created_at: toTimestamp(audit.now),
    updated_at: toTimestamp(audit.now),
  })
  await writeAudit(trx, {
    actor: audit.user,
    action: 'customer-account.site-create',
    targetType: 'customer-account',
    targetId: String(accountId),
    before: null,
    after: { siteId, name: columns.name, address: columns.full_address, defaultPo: columns.default_po },
    ...audit.context,
    at: audit.now,
  })
  return siteId
}

/** Writes the items and reserves their units: 409 naming the type when its units went meanwhile. */
async function reserveItems(
  trx: Executor,
  quoted: BookingQuote,
  booking: { id: number; reference: string },
  now: Date,
): Promise<void> {
  for (const [index, line] of quoted.price.lines.entries()) {
    const type = quoted.types.get(line.typeId)
    if (!type) continue
    const itemId = await insertBookingItem(trx, {
      booking_id: booking.id,
      equipment_type_id: type.id,
      description: type.name,
      quantity: line.quantity,
      day_rate_cents: type.day_rate_cents,
      week_rate_cents: type.week_rate_cents,
      minimum_days: type.minimum_days,
      subtotal_cents: quoted.quote.lines[index]?.subtotalExGst ?? line.subtotalCents,
    })
    try {
      const reserved = await reserveUnits(
        trx,
        {
          typeId: type.id,
          depotId: quoted.depot.id,
          period: quoted.period,
          quantity: line.quantity,
          bookingRef: booking.reference,
        },
        now,
      )
      await linkBookingLines(
        trx,
        reserved.map((held) => held.lineId),
        booking.id,
        itemId,
      )
    } catch (error) {
      if (error instanceof UnitsNotAvailableError) throw new ConflictError(MESSAGES.notAvailable(type.name))
      throw error
    }
  }
}

interface Decided {
  status: BookingStatusValue
  staffCheck: StaffCheck | null
}

async function decideStatus(
  trx: Executor,
  member: BookingMember,
  account: BookingAccount,
  totalCents: number,
): Promise<Decided> {
  if (needsApproval(member, totalCents)) return { status: 'awaiting_approval', staffCheck: null }
  return { status: 'requested', staffCheck: await staffCheckOf(trx, account, totalCents) }
}

async function queueRequestMail(
  trx: Executor,
  facts: BookingMailFacts & { accountId: number; orderer: string },
  decided: Decided,
  now: Date,
): Promise<void> {
  const awaitingApproval = decided.status === 'awaiting_approval'
  await enqueueMail(
    trx,
    bookingReceivedMail(facts.orderer, facts, { awaitingApproval, staffCheck: decided.staffCheck }),
    now,
  )
  if (!awaitingApproval) return
  for (const admin of await listAccountAdminEmails(trx, facts.accountId)) {
    if (admin !== facts.orderer) await enqueueMail(trx, approvalNeededMail(admin, facts), now)
  }
}

/** POST …/bookings: see the head of this file. Answers the booking as the portal shows it. */
export async function createBooking(
  deps: BookingsDeps,
  user: AuthUser,
  accountId: number,
  values: BookingRequestValues,
  context: RequestContext,
): Promise<BookingDetail> {
  const member = await bookerOf(deps.db, user, accountId)
  const account = (await findAccountForBooking(deps.db, accountId)) as BookingAccount
  checkRequest(values, account)
  const now = deps.clock()
  const quoted = await quoteBooking(
    deps.db,
    accountId,
    { ...values, postcode: values.newSite?.address.postcode?.trim() },
    now,
  )
  const short = quoted.price.lines.find((line) => !line.available)
  if (short) throw new ConflictError(MESSAGES.notAvailable(short.description))
  const { price, depot } = quoted
  const ordererName = `${member.first_name} ${member.last_name}`.trim()
  const id = await deps.db.transaction().execute(async (trx) => {
    const siteId = await siteIdOf(trx, values, accountId, { user, context: context.audit, now })
    const year = businessDay(now).year
    const reference = formatYearReference('BK', year, await nextCounterValue(trx, `BK-${year}`, 1))
    const decided = await decideStatus(trx, member, account, price.totalCents)
    const bookingId = await insertBookingRow(trx, {
      reference,
      account_id: accountId,
      site_id: siteId,
      depot_id: depot.id,
      ordered_by: Number(user.id),
      ordered_by_name: ordererName,
      status: decided.status,
      staff_check: decided.staffCheck,
      starts_at: quoted.period.startsAt.toISOString(),
      ends_at: quoted.period.endsAt.toISOString(),
      delivery: values.delivery ? 1 : 0,
      night_works: values.nightWorks ? 1 : 0,
      site_contact_name: values.siteContactName,
      site_contact_phone: values.siteContactPhone,
      po_number: values.poNumber || null,
      job_reference: values.jobReference || null,
      delivery_fee_cents: price.deliveryFeeCents,
      collection_fee_cents: price.collectionFeeCents,
      subtotal_cents: price.subtotalCents,
      gst_cents: price.gstCents,
      total_cents: price.totalCents,
      terms_version: values.terms.version,
      terms_sha256: values.terms.sha256,
      accepted_name: values.terms.name,
      accepted_at: toTimestamp(now),
      accepted_ip: context.audit.ip,
      accepted_user_agent: context.userAgent.slice(0, 500),
      agreement_file_id: null,
      approved_by: null,
      approved_at: null,
      decided_by: null,
      decided_at: null,
      decline_reason: null,
      created_at: toTimestamp(now),
      updated_at: toTimestamp(now),
    })
    await reserveItems(trx, quoted, { id: bookingId, reference }, now)
    await writeAudit(trx, {
      actor: user,
      action: 'booking.request',
      targetType: 'booking',
      targetId: String(bookingId),
      before: null,
      after: {
        reference,
        accountId,
        siteId,
        status: decided.status,
        staffCheck: decided.staffCheck,
        totalCents: price.totalCents,
      },
      ...context.audit,
      at: now,
    })
    const facts: Omit<BookingMailFacts, 'siteName'> & { accountId: number; orderer: string } = {
      accountId,
      orderer: user.email,
      reference,
      accountName: account.legal_name,
      startsAt: values.startsAt,
      endsAt: values.endsAt,
      timeZone: depot.time_zone,
      totalCents: price.totalCents,
      orderedByName: ordererName,
      link: bookingLink(deps.siteUrl, accountId, bookingId),
    }
    const siteName = (await findSiteName(trx, siteId)) ?? ''
    await queueRequestMail(trx, { ...facts, siteName }, decided, now)
    return bookingId
  })
  await storeAgreement(deps, accountId, id)
  return bookingDetailOf(deps.db, accountId, id)
}
