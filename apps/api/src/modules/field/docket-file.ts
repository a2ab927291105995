import { createHash } from 'node:crypto'
import { formatDateTime } from '@signalway/shared/business-time'
import { FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { SITE } from '@signalway/shared/site'
import sharp from 'sharp'
import type { Executor } from '../../db/database.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { insertFile } from '../files/repository.ts'
import { enqueueAutomatedMail, enqueueMail, type OutgoingMail } from '../outbox/service.ts'
import { greeting, MAIL_SIGNATURE } from '../outbox/signature.ts'
import type { FieldDeps } from './deps.ts'
import { DOCKET_TITLES, type DocketPdfInput, generateDocketPdf } from './docket-pdf.ts'
import { photoIdsOf } from './docket-views.ts'
import {
  countPdfFailure,
  type DocketRow,
  findDocketRow,
  findDocketsWithoutPdf,
  findFileRow,
  findStopBookings,
  findUserEmailOf,
  listDocketLineRows,
  type StopBookingRow,
  setDocketPdf,
} from './repository.ts'

/*
 * A docket's sealed PDF (ADR 050): made after the docket's transaction commits (sealing takes a while, and a
 * docket must never be lost for it), stored in the files table and named once by dockets.pdf_file_id, in the
 * transaction that queues its emails (the orderer's, and the site person's copy when they gave an address): a
 * second attempt at the same docket names nothing and sends nothing. A docket whose PDF failed is tried again by
 * the sweep (routes.ts) until it has failed PDF_MAX_ATTEMPTS times.
 */

export const PDF_MAX_ATTEMPTS = 10
/** The sweep leaves a docket this long to the attempt made as it arrived. */
export const PDF_SWEEP_GRACE_MS = 30_000
const THUMBNAIL_SIDE = 640

const pdfName = (row: DocketRow) => `${row.reference}-${row.kind}-docket.pdf`

async function fileBytes(db: Executor, id: string): Promise<Buffer> {
  const file = await findFileRow(db, id)
  if (!file) throw new Error(`file ${id} of a docket is missing`)
  return file.data
}

async function pdfInput(
  db: Executor,
  row: DocketRow,
  booking: StopBookingRow,
): Promise<Omit<DocketPdfInput, 'createdAt' | 'seal'>> {
  const lines = await listDocketLineRows(db, [row.id])
  const photoJpegs: Uint8Array[] = []
  for (const id of photoIdsOf(row)) {
    photoJpegs.push(
      await sharp(await fileBytes(db, id))
        .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 70 })
        .toBuffer(),
    )
  }
  return {
    kind: row.kind,
    reference: row.reference,
    bookingReference: booking.reference,
    poNumber: booking.po_number,
    offHireNumber: row.off_hire_number,
    accountName: booking.account_name,
    accountNumber: booking.account_number,
    siteName: booking.site_name,
    siteAddress: booking.site_address,
    depotName: booking.depot_name,
    timeZone: booking.depot_time_zone,
    driverName: row.driver_name,
    units: lines.map((line) => ({ fleetNumber: line.fleet_number, typeName: line.type_name })),
    signedAt: row.signed_at,
    receivedAt: row.received_at,
    receivedBy: row.received_by,
    notes: row.notes,
    signaturePng: await fileBytes(db, row.signature_file_id),
    photoJpegs,
  }
}

export function docketMail(
  to: string,
  row: DocketRow,
  booking: StopBookingRow,
  fileId: string,
  unitCount: number,
): OutgoingMail {
  const title = DOCKET_TITLES[row.kind]
  const when = `${formatDateTime(row.signed_at, booking.depot_time_zone)} (${booking.depot_time_zone})`
  const done =
    row.kind === 'delivery' ? `delivered to ${booking.site_name}` : `collected from ${booking.site_name}`
  return {
    to,
    subject: `${title} ${row.reference}: booking ${booking.reference}`,
    text: [
      greeting(null),
      '',
      `${unitCount} unit${unitCount === 1 ? ' was' : 's were'} ${done} for booking ${booking.reference} at ${when}, received by ${row.received_by}.`,
      '',
      `The sealed ${title.toLowerCase()} is attached. It is also in My Account, on the booking's page.`,
      '',
      `If something is not right, call us on ${SITE.phone.display}.`,
      '',
      MAIL_SIGNATURE,
      '',
    ].join('\n'),
    attachments: [{ fileId, filename: pdfName(row), contentType: 'application/pdf' }],
  }
}

/** A stop's PDF was named by another attempt first: this one's transaction is rolled back. */
class NamedAlready extends Error {}

/** Makes, stores and emails a docket's PDF; true when this call named it. Failures are counted, logged and left to the sweep. */
export async function storeDocketPdf(deps: FieldDeps, docketId: number): Promise<boolean> {
  const { db } = deps
  try {
    const row = await findDocketRow(db, docketId)
    if (!row || row.pdf_file_id !== null) return false
    const [booking] = await findStopBookings(db, [row.booking_id])
    if (!booking) return false
    const input = await pdfInput(db, row, booking)
    const now = deps.clock()
    const pdf = Buffer.from(await generateDocketPdf({ ...input, createdAt: now, seal: deps.seal }))
    const sha256 = createHash('sha256').update(pdf).digest('hex')
    await db.transaction().execute(async (trx) => {
      const fileId = await insertFile(
        trx,
        { name: pdfName(row), contentType: 'application/pdf', data: pdf },
        now,
      )
      if (!(await setDocketPdf(trx, row.id, fileId, sha256))) throw new NamedAlready()
      const orderer = await findUserEmailOf(trx, booking.ordered_by)
      const units = input.units.length
      if (orderer) await enqueueMail(trx, docketMail(orderer, row, booking, fileId, units), now)
      const copy = row.received_by_email
      // An address typed on the driver's phone: within the automated mail's hourly limit per address.
      if (copy && copy.toLowerCase() !== orderer?.toLowerCase())
        await enqueueAutomatedMail(trx, docketMail(copy, row, booking, fileId, units), now)
    })
    return true
  } catch (error) {
    if (error instanceof NamedAlready) return false
    deps.log.error({ err: error, docketId }, 'the docket PDF could not be made')
    await countPdfFailure(db, docketId).catch(() => undefined)
    return false
  }
}

/** The retry: dockets still without their PDF, a while after they arrived. */
export async function retryDocketPdfs(deps: FieldDeps): Promise<number> {
  const before = toTimestamp(new Date(deps.clock().getTime() - PDF_SWEEP_GRACE_MS))
  const ids = await findDocketsWithoutPdf(deps.db, before, PDF_MAX_ATTEMPTS, 20)
  let made = 0
  for (const id of ids) if (await storeDocketPdf(deps, id)) made += 1
  return made
}

/** A docket's stored PDF: 404 while it is not made yet. */
export async function docketPdfOf(db: Executor, row: DocketRow) {
  const file = row.pdf_file_id === null ? undefined : await findFileRow(db, row.pdf_file_id)
  if (!file) throw new NotFoundError(FIELD_MESSAGES.docketNotFound)
  return { data: file.data, filename: pdfName(row) }
}
