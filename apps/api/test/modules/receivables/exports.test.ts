import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../../src/lib/csv.ts'
import {
  CREDIT_NOTE_CSV_COLUMNS,
  INVOICE_CSV_COLUMNS,
  PAYMENT_CSV_COLUMNS,
} from '../../../src/modules/receivables/exports.ts'
import { DIALECTS } from '../../helpers/build.ts'
import { insertAdjustmentNote, insertInvoice } from '../../helpers/invoices.ts'
import { pay, receivablesWorld, type World } from './helpers.ts'

/*
 * The exports for the accounting package (docs/accounting-exports.md): Xero's sales invoice and credit note
 * imports, a row a line, and the payments a row per allocation; dates dd/mm/yyyy; the days of the range only;
 * formula-like text neutralised.
 */

async function csv(world: World, name: string, query = 'from=2026-12-01&to=2026-12-31') {
  const response = await world.app.inject({
    method: 'GET',
    url: `/api/admin/exports/${name}.csv?${query}`,
    headers: await world.staff(),
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
  const parsed = parseCsv(response.body)
  if (!parsed.ok) throw new Error('not CSV')
  const [header, ...rows] = parsed.records
  return {
    header,
    rows: rows.map((row) => Object.fromEntries((header ?? []).map((name, index) => [name, row[index]]))),
  }
}

describe.each(DIALECTS)('the accounting exports on %s', (dialect) => {
  it('writes invoices, adjustment notes and payments in Xero’s layouts for a range of days', async () => {
    const world = await receivablesWorld(dialect)
    const invoice = await insertInvoice(world.app, {
      accountId: world.account.id,
      number: 'INV-000401',
      issueDate: '2026-12-02',
      dueDate: '2026-12-16',
      lines: [
        { amountCents: 95_000, description: 'VMS-0142 VMS board: 1 week' },
        { amountCents: 12_345, description: '=HYPERLINK("x")' },
      ],
    })
    await insertInvoice(world.app, {
      accountId: world.account.id,
      number: 'INV-000400',
      issueDate: '2026-11-30',
    })
    await insertAdjustmentNote(world.app, {
      invoiceId: invoice.id,
      subtotalCents: 18_000,
      issueDate: '2026-12-05',
      number: 'AN-000401',
    })
    await pay(world, {
      amountCents: 100_000,
      receivedOn: '2026-12-08',
      reference: 'EFT 9',
      allocations: [{ invoiceId: invoice.id, amountCents: 80_000 }],
    })

    const invoices = await csv(world, 'invoices')
    expect(invoices.header).toEqual([...INVOICE_CSV_COLUMNS])
    expect(invoices.header?.slice(0, 2)).toEqual(['*ContactName', 'EmailAddress'])
    expect(invoices.rows).toHaveLength(2)
    // GST of $1,073.45 is $107.35 (rounded once); the lines' TaxAmount add up to it.
    expect(invoices.rows[0]).toMatchObject({
      '*InvoiceNumber': 'INV-000401',
      Reference: 'PO-1',
      '*InvoiceDate': '02/12/2026',
      '*DueDate': '16/12/2026',
      Total: '1180.80',
      '*Description': 'VMS-0142 VMS board: 1 week',
      '*Quantity': '1',
      '*UnitAmount': '950.00',
      '*AccountCode': '200',
      '*TaxType': 'GST on Income',
      TaxAmount: '95.00',
    })
    expect(invoices.rows[1]).toMatchObject({
      '*Description': `'=HYPERLINK("x")`,
      '*UnitAmount': '123.45',
      TaxAmount: '12.35',
    })

    const notes = await csv(world, 'adjustment-notes')
    expect(notes.header).toEqual([...CREDIT_NOTE_CSV_COLUMNS])
    expect(notes.rows).toEqual([
      expect.objectContaining({
        '*CreditNoteNumber': 'AN-000401',
        Reference: 'INV-000401',
        '*CreditNoteDate': '05/12/2026',
        '*UnitAmount': '180.00',
        TaxAmount: '18.00',
      }),
    ])

    const payments = await csv(world, 'payments')
    expect(payments.header).toEqual([...PAYMENT_CSV_COLUMNS])
    expect(payments.rows.map((row) => [row.Date, row.Amount, row.InvoiceNumber, row.Account])).toEqual([
      ['08/12/2026', '800.00', 'INV-000401', '090'],
      ['08/12/2026', '200.00', '', '090'],
    ])
    expect(payments.rows[0]?.Reference).toMatch(/^SW-\d+ EFT 9$/u)

    // A reversal: negative amounts written as numbers, not quoted as would-be formulas.
    const cheque = await pay(world, { amountCents: 12_345, receivedOn: '2026-12-09', reference: '=cmd' })
    const reversed = await world.app.inject({
      method: 'POST',
      url: `/api/admin/customer-accounts/${world.account.id}/payments/${cheque.id}/reverse`,
      headers: await world.staff(),
      payload: { reason: 'Cheque dishonoured' },
    })
    expect(reversed.statusCode, reversed.body).toBe(201)
    const after = (await csv(world, 'payments')).rows
    expect(after.map((row) => row.Amount)).toEqual(['800.00', '200.00', '123.45', '-123.45'])
    expect(after[2]?.Reference).toMatch(/^SW-\d+ =cmd$/u)

    expect(
      (await csv(world, 'invoices', 'from=2026-11-01&to=2026-11-30')).rows.map(
        (row) => row['*InvoiceNumber'],
      ),
    ).toEqual(['INV-000400'])
    const backwards = await world.app.inject({
      method: 'GET',
      url: '/api/admin/exports/payments.csv?from=2026-12-31&to=2026-12-01',
      headers: await world.staff(),
    })
    expect(backwards.statusCode).toBe(400)
  })
})
