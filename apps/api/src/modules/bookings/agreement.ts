import { BOOKING_REQUEST_MESSAGES as MESSAGES } from '@signalway/shared/bookings'
import type { Executor } from '../../db/database.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { insertFile } from '../files/repository.ts'
import { generateAgreementPdf } from './agreement-pdf.ts'
import { findAccountBooking, findFile, listBookingItems, setAgreementFile } from './repository.ts'
import type { BookingsDeps } from './route-options.ts'
import { toItem } from './views.ts'

/*
 * The hire agreement PDF of a booking: made after the booking's transaction commits (sealing takes a while, and a
 * booking must not fail for it), stored in the files table and named by bookings.agreement_file_id. When making it
 * fails the booking stands without one (hasAgreement false) and the failure is logged.
 */

export async function storeAgreement(
  deps: BookingsDeps,
  accountId: number,
  bookingId: number,
): Promise<void> {
  try {
    const row = await findAccountBooking(deps.db, accountId, bookingId)
    if (!row) return
    const items = await listBookingItems(deps.db, bookingId)
    const now = deps.clock()
    const pdf = await generateAgreementPdf({
      reference: row.reference,
      accountName: row.account_name,
      accountNumber: row.account_number,
      siteName: row.site_name,
      siteAddress: row.site_address,
      depotName: row.depot_name,
      timeZone: row.depot_time_zone,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      delivery: row.delivery === 1,
      nightWorks: row.night_works === 1,
      siteContact: `${row.site_contact_name}, ${row.site_contact_phone}`,
      poNumber: row.po_number,
      jobReference: row.job_reference,
      orderedByName: row.ordered_by_name,
      items: items.map(toItem),
      deliveryFeeCents: Number(row.delivery_fee_cents),
      collectionFeeCents: Number(row.collection_fee_cents),
      subtotalCents: Number(row.subtotal_cents),
      gstCents: Number(row.gst_cents),
      totalCents: Number(row.total_cents),
      acceptance: {
        name: row.accepted_name,
        at: row.accepted_at,
        ip: row.accepted_ip,
        userAgent: row.accepted_user_agent,
        termsVersion: row.terms_version,
        sha256: row.terms_sha256,
      },
      createdAt: now,
      seal: deps.seal,
    })
    const fileId = await insertFile(
      deps.db,
      { name: `${row.reference}-hire-agreement.pdf`, contentType: 'application/pdf', data: Buffer.from(pdf) },
      now,
    )
    await setAgreementFile(deps.db, bookingId, fileId)
  } catch (error) {
    deps.log.error({ err: error, bookingId }, 'the hire agreement PDF could not be made')
  }
}

/** The stored agreement of a booking the caller may see (checked by the caller). */
export async function agreementFileOf(db: Executor, fileId: string | null) {
  const file = fileId === null ? undefined : await findFile(db, fileId)
  if (!file) throw new NotFoundError(MESSAGES.agreementNotFound)
  return file
}
