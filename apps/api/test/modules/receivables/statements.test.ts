import { describe, expect, it } from 'vitest'
import { DIALECTS } from '../../helpers/build.ts'
import { insertAdjustmentNote, insertInvoice } from '../../helpers/invoices.ts'
import { pay, post, receivablesWorld, type World } from './helpers.ts'

/*
 * Monthly statements (requirements §22): the opening balance (the end of the month before), the month's invoices,
 * adjustment notes, payments and reversals with a running balance, the closing balance, and the ageing at the
 * month's end; as JSON and PDF. The closing balance of one month is the opening of the next.
 */

async function statement(world: World, month: string) {
  const response = await world.app.inject({
    method: 'GET',
    url: `/api/admin/customer-accounts/${world.account.id}/statements/${month}`,
    headers: await world.staff(),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe.each(DIALECTS)('statements on %s', (dialect) => {
  it('carries the closing balance of a month to the next, with the month’s entries and the ageing at its end', async () => {
    const world = await receivablesWorld(dialect)
    const october = await insertInvoice(world.app, {
      accountId: world.account.id,
      number: 'INV-000201',
      issueDate: '2026-10-20',
      dueDate: '2026-11-03',
    })
    const november = await insertInvoice(world.app, {
      accountId: world.account.id,
      number: 'INV-000202',
      issueDate: '2026-11-05',
      dueDate: '2026-11-19',
      lines: [{ amountCents: 50_000 }],
    })
    await insertAdjustmentNote(world.app, {
      invoiceId: november.id,
      subtotalCents: 10_000,
      issueDate: '2026-11-10',
      number: 'AN-000201',
    })
    // Received on 30 November, allocated to October's invoice with the payment.
    world.clock.now = new Date('2026-11-30T03:00:00.000Z')
    const payment = await pay(world, {
      amountCents: 110_000,
      receivedOn: '2026-11-30',
      reference: 'EFT 8812',
      allocations: [{ invoiceId: october.id, amountCents: 110_000 }],
    })
    // Reversed on 2 December (the bank took it back).
    world.clock.now = new Date('2026-12-02T03:00:00.000Z')
    const reversed = await post(
      world,
      `/api/admin/customer-accounts/${world.account.id}/payments/${payment.id}/reverse`,
      {
        reason: 'Returned by the bank',
      },
    )
    expect(reversed.statusCode, reversed.body).toBe(201)
    world.clock.now = new Date('2027-01-05T03:00:00.000Z')

    const oct = await statement(world, '2026-10')
    expect(oct).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      openingBalanceCents: 0,
      closingBalanceCents: 110_000,
    })
    expect(oct.ageing).toEqual({ currentCents: 110_000, days30Cents: 0, days60Cents: 0, days90PlusCents: 0 })

    const nov = await statement(world, '2026-11')
    expect(nov).toMatchObject({
      openingBalanceCents: 110_000,
      invoicedCents: 55_000,
      adjustedCents: 11_000,
      paidCents: 110_000,
      closingBalanceCents: 110_000 + 55_000 - 11_000 - 110_000,
      unallocatedCreditCents: 0,
    })
    expect(
      nov.entries.map((entry: { kind: string; reference: string; balanceCents: number }) => [
        entry.kind,
        entry.reference,
        entry.balanceCents,
      ]),
    ).toEqual([
      ['invoice', 'INV-000202', 165_000],
      ['adjustment_note', 'AN-000201', 154_000],
      ['payment', 'EFT 8812', 44_000],
    ])
    // At 30 November: October's invoice paid, November's $440.00 owing 11 days past due.
    expect(nov.ageing).toEqual({ currentCents: 0, days30Cents: 44_000, days60Cents: 0, days90PlusCents: 0 })

    const dec = await statement(world, '2026-12')
    expect(dec).toMatchObject({
      openingBalanceCents: 44_000,
      paidCents: -110_000,
      closingBalanceCents: 154_000,
    })
    expect(dec.entries).toEqual([
      expect.objectContaining({
        kind: 'payment_reversal',
        debitCents: 110_000,
        creditCents: 0,
        balanceCents: 154_000,
      }),
    ])
    // At 31 December: October's invoice owing again, 58 days past due; November's 42.
    expect(dec.ageing).toEqual({ currentCents: 0, days30Cents: 0, days60Cents: 154_000, days90PlusCents: 0 })

    const pdf = await world.app.inject({
      method: 'GET',
      url: `/api/admin/customer-accounts/${world.account.id}/statements/2026-11/pdf`,
      headers: await world.staff(),
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toMatch(/statement-SW-\d+-2026-11\.pdf/u)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('refuses a month that is not YYYY-MM', async () => {
    const world = await receivablesWorld(dialect)
    for (const month of ['2026-13', '2026-1', 'november']) {
      const response = await world.app.inject({
        method: 'GET',
        url: `/api/admin/customer-accounts/${world.account.id}/statements/${month}`,
        headers: await world.staff(),
      })
      expect(response.statusCode, month).toBe(400)
    }
  })
})
