import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SITE } from '@signalway/shared/site'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { retryDocumentPdfs, storeDocumentPdf } from '../../../src/modules/billing/document-file.ts'
import { runBillingAsAt } from '../../../src/modules/billing/run.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { createUser } from '../../helpers/auth.ts'
import { DIALECTS, type Dialect } from '../../helpers/build.ts'
import { pdfText } from '../credit/helpers.ts'
import { addMember, openAccount } from '../customer-accounts/helpers.ts'
import { adminHeaders } from '../fleet/helpers.ts'
import { billingWorld, hireOnAccount, invoicesOf, offHire } from './helpers.ts'

/*
 * The documents (ADR 051): the tax invoice's PDF carries every field the ATO asks for and is sealed; it is emailed
 * to the billing address with the PDF attached; staff read the invoice and issue adjustment notes, numbered without
 * gaps and never taking off more than the invoice has; the PDFs download in the admin area and in My Account for
 * Account admins and Accounts only.
 */

function pdfsig(pdf: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'invoice-seal-')), 'invoice.pdf')
  writeFileSync(file, pdf)
  const result = spawnSync('pdfsig', [file], { encoding: 'utf8' })
  return `${result.stdout}${result.stderr}`
}

/** The 10-day hire of the run's tests, invoiced at off-hire: $1,903.00 including GST. */
async function invoiced(dialect: Dialect) {
  const world = await billingWorld(dialect)
  const booking = await hireOnAccount(world, {
    units: 1,
    onHireAt: '2026-11-10T22:00:00.000Z',
    deliveryFeeCents: 12_000,
    collectionFeeCents: 12_000,
    po: 'PO-5521',
  })
  await offHire(world.app, booking, world.accountId, booking.lineIds, '2026-11-20T04:00:00.000Z')
  // Replayed as at the day after the off-hire (the app's clock, and the members' tokens, stay at 10/12/2026).
  await runBillingAsAt(world.deps, new Date('2026-11-21T00:00:00.000Z'))
  const [invoice] = await invoicesOf(world.app)
  if (!invoice) throw new Error('no invoice')
  const staff = await adminHeaders(world.app)
  return { ...world, booking, invoice, staff }
}

describe.each(DIALECTS)('invoices and adjustment notes (%s)', (dialect) => {
  it('makes a sealed PDF with every ATO field, and emails it attached to the billing address', async () => {
    const world = await invoiced(dialect)
    expect(await storeDocumentPdf(world.deps, 'invoices', world.invoice.id)).toBe(true)
    // A second attempt names nothing and sends nothing.
    expect(await storeDocumentPdf(world.deps, 'invoices', world.invoice.id)).toBe(false)

    const response = await world.app.inject({
      method: 'GET',
      url: `/api/admin/invoices/${world.invoice.id}/pdf`,
      headers: world.staff,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"')
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ')
    const account = await world.app.db
      .selectFrom('customer_accounts')
      .selectAll()
      .where('id', '=', world.accountId)
      .executeTakeFirstOrThrow()
    for (const field of [
      'Tax invoice INV-000001',
      SITE.legalName,
      `ABN ${SITE.abn}`,
      'Date of issue 21/11/2026',
      'Due date 21/12/2026 (30 days)',
      'VMS-0001 VMS board: 11/11/2026 to 20/11/2026, 10 days: 1 week × $950.00 + 3 days × $180.00',
      '$1,490.00',
      `Delivery, booking ${world.booking.reference}`,
      'Quantity',
      'Unit price',
      'Subtotal (ex GST) $1,730.00',
      'GST (10%) $173.00',
      'Total (inc GST) $1,903.00',
      `Bill to ${account.legal_name}`,
      `Buyer’s ABN ${account.abn}`,
      'Purchase orders PO-5521',
      `Payment reference INV-000001 ${account.account_number}`,
      'BSB 062-000',
      'Account number 1234 5678',
    ])
      expect(text).toContain(field)
    expect(pdfsig(response.rawPayload)).toMatch(/Signature is Valid|Signature Validation: Signature is Valid/)

    const row = await world.app.db
      .selectFrom('invoices')
      .select(['pdf_file_id', 'pdf_sha256'])
      .where('id', '=', world.invoice.id)
      .executeTakeFirstOrThrow()
    const mails = (await findOutboxMessages(world.app.db)).filter((mail) =>
      mail.subject.includes('INV-000001'),
    )
    expect(mails.map((mail) => mail.to_address)).toEqual([account.billing_email])
    expect(mails[0]?.subject).toBe(
      'Tax invoice INV-000001 from Signalway Traffic Hire: $1,903.00 due 21/12/2026',
    )
    expect(JSON.parse(mails[0]?.attachments ?? '[]')).toEqual([
      { fileId: row.pdf_file_id, filename: 'INV-000001.pdf', contentType: 'application/pdf' },
    ])
  })

  it('sends no mail for an account billed by post, and the sweep makes a PDF left without one', async () => {
    const world = await invoiced(dialect)
    await world.app.db.updateTable('invoices').set({ delivery_method: 'post' }).execute()
    expect(await retryDocumentPdfs(world.deps)).toBe(1)
    const row = await world.app.db.selectFrom('invoices').select('pdf_file_id').executeTakeFirstOrThrow()
    expect(row.pdf_file_id).not.toBeNull()
    const mails = (await findOutboxMessages(world.app.db)).filter((mail) =>
      mail.subject.includes('INV-000001'),
    )
    expect(mails).toEqual([])
  })

  it('shows staff the invoice, and numbers adjustment notes that never take off more than the invoice has', async () => {
    const world = await invoiced(dialect)
    const url = `/api/admin/invoices/${world.invoice.id}`
    const detail = await world.app.inject({ method: 'GET', url, headers: world.staff })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json()).toMatchObject({
      number: 'INV-000001',
      kind: 'off_hire',
      totalCents: 190_300,
      uncreditedCents: 190_300,
      deliveryMethod: 'email',
      adjustmentNotes: [],
    })
    expect(detail.json().lines).toHaveLength(3)

    const post = (lines: { description: string; amountCents: number }[], headers = world.staff) =>
      world.app.inject({
        method: 'POST',
        url: `${url}/adjustment-notes`,
        headers,
        payload: { reason: 'Board out of service for a day', lines },
      })
    const first = await post([{ description: 'One day off the hire', amountCents: 18_000 }])
    expect(first.statusCode, first.body).toBe(201)
    // $180 + GST $18 = $198.
    expect(first.json()).toMatchObject({
      number: 'AN-000001',
      subtotalCents: 18_000,
      gstCents: 1_800,
      totalCents: 19_800,
      pdfReady: true,
    })
    // $1,903 − $198 = $1,705 left: $1,550 + $155 GST = $1,705 goes; a cent more does not.
    const over = await post([{ description: 'Too much', amountCents: 155_001 }])
    expect(over.statusCode).toBe(400)
    expect(over.json().Message).toBe(
      'The adjustment note cannot take off more than the invoice still has: $1,705.00 including GST.',
    )
    const rest = await post([
      { description: 'Delivery waived', amountCents: 12_000 },
      { description: 'Hire waived', amountCents: 143_000 },
    ])
    expect(rest.statusCode, rest.body).toBe(201)
    expect(rest.json()).toMatchObject({ number: 'AN-000002', totalCents: 170_500 })
    const after = (await world.app.inject({ method: 'GET', url, headers: world.staff })).json()
    expect(after).toMatchObject({ creditedCents: 190_300, uncreditedCents: 0 })
    expect(after.adjustmentNotes.map((note: { number: string }) => note.number)).toEqual([
      'AN-000001',
      'AN-000002',
    ])
    const audit = await findAuditEntries(world.app.db, 'adjustment-note', String(first.json().id))
    expect(audit.map((entry) => [entry.action, entry.actor_email !== null])).toEqual([
      ['adjustment-note.issue', true],
    ])

    const pdf = await world.app.inject({
      method: 'GET',
      url: `/api/admin/adjustment-notes/${first.json().id}/pdf`,
      headers: world.staff,
    })
    expect(pdf.statusCode).toBe(200)
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')
    for (const field of [
      'Adjustment note AN-000001',
      `ABN ${SITE.abn}`,
      'Original invoice INV-000001 of 21/11/2026',
      'Reason Board out of service for a day',
      'One day off the hire',
      'GST (10%) $18.00',
      'Total credited (inc GST) $198.00',
    ])
      expect(text).toContain(field)

    // Only administrators issue them.
    const orderer = await post([{ description: 'x', amountCents: 1 }], world.members.admin.headers)
    expect(orderer.statusCode).toBe(403)
  })

  it('lets an Account admin and Accounts download the PDFs in My Account, not an Orderer or another account', async () => {
    const world = await invoiced(dialect)
    await storeDocumentPdf(world.deps, 'invoices', world.invoice.id)
    const other = await openAccount(world.app, await createUser(world.app, { memberType: 2 }), 'Other Civil')
    const outsider = await addMember(world.app, other.id, 'account_admin')
    const url = `/api/my-account/invoices/${world.invoice.id}/pdf`
    const statusOf = async (headers: Record<string, string>) =>
      (await world.app.inject({ method: 'GET', url, headers })).statusCode
    expect(await statusOf(world.members.admin.headers)).toBe(200)
    expect(await statusOf(world.members.accounts.headers)).toBe(200)
    expect(await statusOf(world.members.orderer.headers)).toBe(403)
    expect(await statusOf(world.members.supervisorA.headers)).toBe(403)
    expect(await statusOf(outsider.headers)).toBe(404)
    const unknown = await world.app.inject({
      method: 'GET',
      url: '/api/my-account/invoices/999999/pdf',
      headers: world.members.admin.headers,
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('runs the billing run for an administrator, audited with its counts', async () => {
    const world = await invoiced(dialect)
    const response = await world.app.inject({
      method: 'POST',
      url: '/api/admin/billing/run',
      headers: world.staff,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      asAt: '2026-12-10T00:00:00.000Z',
      invoices: 0,
      adjustmentNotes: 0,
      skipped: 0,
      failed: 0,
    })
    const audit = await findAuditEntries(world.app.db, 'billing-run', '2026-12-10T00:00:00.000Z')
    expect(audit.map((entry) => entry.action)).toEqual(['billing.run'])
    const refused = await world.app.inject({
      method: 'POST',
      url: '/api/admin/billing/run',
      headers: world.members.admin.headers,
    })
    expect(refused.statusCode).toBe(403)
  })
})
