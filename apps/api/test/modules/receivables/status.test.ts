import { describe, expect, it } from 'vitest'
import { DIALECTS } from '../../helpers/build.ts'
import { insertAdjustmentNote, insertInvoice } from '../../helpers/invoices.ts'
import { ledgerOf, pay, receivablesWorld, type World } from './helpers.ts'

/*
 * An invoice's status over time (requirements §22): Unpaid, Part paid, Overdue from the Melbourne day after its
 * due date, Paid; the staff's list filtered by it, by account, days and number; the ledger's ageing.
 */

async function list(world: World, query: string) {
  const response = await world.app.inject({
    method: 'GET',
    url: `/api/admin/invoices?${query}`,
    headers: await world.staff(),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe.each(DIALECTS)('invoice statuses on %s', (dialect) => {
  it('goes Unpaid, Part paid, Overdue after the due day in Melbourne, then Paid', async () => {
    const world = await receivablesWorld(dialect)
    const invoice = await insertInvoice(world.app, {
      accountId: world.account.id,
      issueDate: '2026-12-01',
      dueDate: '2026-12-15',
    })
    const status = async () => (await ledgerOf(world)).invoices[0].status
    expect(await status()).toBe('Unpaid')
    await pay(world, { amountCents: 10_000, allocations: [{ invoiceId: invoice.id, amountCents: 10_000 }] })
    expect(await status()).toBe('Part paid')
    // 11.59 pm on the due day in Melbourne (AEDT, UTC+11): still due, not overdue.
    world.clock.now = new Date('2026-12-15T12:59:00.000Z')
    expect(await status()).toBe('Part paid')
    // A minute later it is the 16th in Melbourne (still the 15th in UTC).
    world.clock.now = new Date('2026-12-15T13:00:00.000Z')
    expect(await status()).toBe('Overdue')
    await pay(world, {
      amountCents: 100_000,
      receivedOn: '2026-12-16',
      allocations: [{ invoiceId: invoice.id, amountCents: 100_000 }],
    })
    expect(await status()).toBe('Paid')
  })

  it('lists invoices for staff by status, account, days and number, with the amount owing', async () => {
    const world = await receivablesWorld(dialect)
    const overdue = await insertInvoice(world.app, {
      accountId: world.account.id,
      number: 'INV-000101',
      issueDate: '2026-10-01',
      dueDate: '2026-10-31',
    })
    const part = await insertInvoice(world.app, {
      accountId: world.account.id,
      number: 'INV-000102',
      issueDate: '2026-12-01',
      dueDate: '2026-12-31',
    })
    const paid = await insertInvoice(world.app, {
      accountId: world.account.id,
      number: 'INV-000103',
      issueDate: '2026-12-02',
      dueDate: '2026-12-31',
    })
    const theirs = await insertInvoice(world.app, {
      accountId: world.other.id,
      number: 'INV-000104',
      issueDate: '2026-12-03',
      dueDate: '2026-12-31',
      deliveryMethod: 'post',
    })
    await pay(world, { amountCents: 10_000, allocations: [{ invoiceId: part.id, amountCents: 10_000 }] })
    await insertAdjustmentNote(world.app, { invoiceId: paid.id, subtotalCents: 100_000 })
    const numbers = (page: { items: { number: string }[] }) => page.items.map((item) => item.number)
    const all = await list(world, '')
    expect(numbers(all)).toEqual(['INV-000104', 'INV-000103', 'INV-000102', 'INV-000101'])
    expect(all.items[2]).toMatchObject({ status: 'Part paid', owingCents: 100_000, allocatedCents: 10_000 })
    expect(numbers(await list(world, 'status=Overdue'))).toEqual([overdue.number])
    expect(numbers(await list(world, 'status=Part%20paid'))).toEqual([part.number])
    expect(numbers(await list(world, 'status=Paid'))).toEqual([paid.number])
    expect(numbers(await list(world, 'status=Unpaid'))).toEqual([theirs.number])
    expect(numbers(await list(world, `accountId=${world.other.id}`))).toEqual([theirs.number])
    expect(numbers(await list(world, 'from=2026-12-02&to=2026-12-02'))).toEqual([paid.number])
    expect(numbers(await list(world, 'search=0101'))).toEqual([overdue.number])
    // The invoices staff post (or fax) themselves.
    expect(all.items.map((item: { deliveryMethod: string }) => item.deliveryMethod)).toEqual([
      'post',
      'email',
      'email',
      'email',
    ])
    expect(numbers(await list(world, 'sentBy=post'))).toEqual([theirs.number])
    expect(numbers(await list(world, 'sentBy=fax'))).toEqual([])
    const page = await list(world, 'page=2&pageSize=3')
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 })
    expect(numbers(page)).toEqual(['INV-000101'])
    const bad = await world.app.inject({
      method: 'GET',
      url: '/api/admin/invoices?status=Late',
      headers: await world.staff(),
    })
    expect(bad.statusCode).toBe(400)
  })

  it('ages what is owing by days past due in the ledger, beside the balance and the available credit', async () => {
    const world = await receivablesWorld(dialect)
    const due = (dueDate: string) =>
      insertInvoice(world.app, { accountId: world.account.id, issueDate: '2026-08-01', dueDate })
    await due('2026-12-10') // current: due today
    await due('2026-11-10') // 30 days past due
    await due('2026-11-09') // 31: the 60 bucket
    await due('2026-10-11') // 60
    await due('2026-10-10') // 61: 90+
    await pay(world, { amountCents: 5_000 })
    const ledger = await ledgerOf(world)
    expect(ledger.ageing).toEqual({
      currentCents: 110_000,
      days30Cents: 110_000,
      days60Cents: 220_000,
      days90PlusCents: 110_000,
    })
    expect(ledger).toMatchObject({
      asAt: '2026-12-10',
      balanceCents: 550_000 - 5_000,
      unallocatedCreditCents: 5_000,
      creditLimitCents: 5_000_000,
      availableCreditCents: 5_000_000 - 545_000,
    })
  })
})
