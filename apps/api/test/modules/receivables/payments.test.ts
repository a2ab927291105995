import { RECEIVABLES_MESSAGES as MESSAGES } from '@signalway/shared/receivables'
import { describe, expect, it } from 'vitest'
import { DIALECTS } from '../../helpers/build.ts'
import { insertAdjustmentNote, insertInvoice } from '../../helpers/invoices.ts'
import { ledgerOf, pay, post, receivablesWorld } from './helpers.ts'

/*
 * Payments (requirements §22): allocations up to the payment and each invoice's amount owing, part payments,
 * overpayments left as credit, allocating the rest later, reversals by opposite entries once only, every entry
 * audited, and no card number in a reference.
 */

describe.each(DIALECTS)('payments on %s', (dialect) => {
  it('allocates part payments and leaves an overpayment as credit, then allocates it later', async () => {
    const world = await receivablesWorld(dialect)
    const first = await insertInvoice(world.app, { accountId: world.account.id, dueDate: '2026-12-20' })
    const second = await insertInvoice(world.app, { accountId: world.account.id, dueDate: '2026-12-20' })
    // $1,100.00 each. A part payment of the first.
    const part = await pay(world, {
      amountCents: 40_000,
      allocations: [{ invoiceId: first.id, amountCents: 40_000 }],
    })
    expect(part).toMatchObject({
      amountCents: 40_000,
      unallocatedCents: 0,
      allocations: [{ invoiceNumber: first.number }],
    })
    // $2,000.00 for the rest of the first ($700) and $1,000 of the second: $300 left as credit.
    const over = await pay(world, {
      amountCents: 200_000,
      allocations: [
        { invoiceId: first.id, amountCents: 70_000 },
        { invoiceId: second.id, amountCents: 100_000 },
      ],
    })
    expect(over.unallocatedCents).toBe(30_000)
    let ledger = await ledgerOf(world)
    expect(
      ledger.invoices.map((invoice: { status: string; owingCents: number }) => [
        invoice.status,
        invoice.owingCents,
      ]),
    ).toEqual([
      ['Paid', 0],
      ['Part paid', 10_000],
    ])
    expect(ledger).toMatchObject({ balanceCents: 220_000 - 240_000, unallocatedCreditCents: 30_000 })

    // The credit is allocated later, up to what is owing.
    const tooMuch = await post(
      world,
      `/api/admin/customer-accounts/${world.account.id}/payments/${over.id}/allocations`,
      {
        allocations: [{ invoiceId: second.id, amountCents: 10_001 }],
      },
    )
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().ModelState.allocations).toEqual([MESSAGES.overOwing(second.number, '$100.00')])
    const later = await post(
      world,
      `/api/admin/customer-accounts/${world.account.id}/payments/${over.id}/allocations`,
      {
        allocations: [{ invoiceId: second.id, amountCents: 10_000 }],
      },
    )
    expect(later.statusCode, later.body).toBe(200)
    expect(later.json().unallocatedCents).toBe(20_000)
    ledger = await ledgerOf(world)
    expect(ledger.invoices.map((invoice: { status: string }) => invoice.status)).toEqual(['Paid', 'Paid'])
    expect(ledger.unallocatedCreditCents).toBe(20_000)
  })

  it('refuses allocations over the payment, over the amount owing, to another account’s invoice, and twice', async () => {
    const world = await receivablesWorld(dialect)
    const invoice = await insertInvoice(world.app, { accountId: world.account.id })
    const theirs = await insertInvoice(world.app, { accountId: world.other.id })
    await insertAdjustmentNote(world.app, { invoiceId: invoice.id, subtotalCents: 10_000 })
    // Owing: $1,100.00 less the note's $110.00.
    const overOwing = await pay(
      world,
      { amountCents: 200_000, allocations: [{ invoiceId: invoice.id, amountCents: 99_001 }] },
      { status: 400 },
    )
    expect(overOwing.ModelState.allocations).toEqual([MESSAGES.overOwing(invoice.number, '$990.00')])
    const overPayment = await pay(
      world,
      { amountCents: 500, allocations: [{ invoiceId: invoice.id, amountCents: 501 }] },
      { status: 400 },
    )
    expect(overPayment.ModelState.allocations).toEqual([MESSAGES.overPayment])
    const foreign = await pay(
      world,
      { amountCents: 500, allocations: [{ invoiceId: theirs.id, amountCents: 500 }] },
      { status: 400 },
    )
    expect(foreign.ModelState.allocations).toEqual([MESSAGES.invoiceNotOfAccount])
    const twice = await pay(
      world,
      {
        amountCents: 500,
        allocations: [
          { invoiceId: invoice.id, amountCents: 1 },
          { invoiceId: invoice.id, amountCents: 1 },
        ],
      },
      { status: 400 },
    )
    expect(JSON.stringify(twice.ModelState)).toContain(MESSAGES.invoiceTwice)
    const future = await pay(world, { amountCents: 500, receivedOn: '2026-12-11' }, { status: 400 })
    expect(future.ModelState.receivedOn).toEqual([MESSAGES.receivedOnFuture])
    // Nothing was written by the refused payments.
    expect((await ledgerOf(world)).payments).toEqual([])
    const exact = await pay(world, {
      amountCents: 99_000,
      allocations: [{ invoiceId: invoice.id, amountCents: 99_000 }],
    })
    expect(exact.unallocatedCents).toBe(0)
    expect((await ledgerOf(world)).invoices[0].status).toBe('Paid')
  })

  it('refuses a card number as the reference, and takes a receipt reference', async () => {
    const world = await receivablesWorld(dialect)
    const refused = await pay(
      world,
      { method: 'card', amountCents: 500, reference: '4111 1111 1111 1111' },
      { status: 400 },
    )
    expect(refused.ModelState.reference).toEqual([MESSAGES.cardNumber])
    const note = await pay(
      world,
      { method: 'card', amountCents: 500, reference: 'R1', notes: 'card 5555555555554444' },
      { status: 400 },
    )
    expect(note.ModelState.notes).toEqual([MESSAGES.cardNumber])
    const taken = await pay(world, { method: 'card', amountCents: 500, reference: 'Receipt 004512' })
    expect(taken).toMatchObject({ method: 'card', reference: 'Receipt 004512' })
    const stored = await world.app.db.selectFrom('payments').select(['reference', 'notes']).execute()
    expect(JSON.stringify(stored)).not.toMatch(/4111|5555/u)
  })

  it('reverses a payment once, with its allocations, by opposite entries, audited', async () => {
    const world = await receivablesWorld(dialect)
    const invoice = await insertInvoice(world.app, { accountId: world.account.id, dueDate: '2026-12-20' })
    const payment = await pay(world, {
      amountCents: 150_000,
      allocations: [{ invoiceId: invoice.id, amountCents: 110_000 }],
    })
    const url = `/api/admin/customer-accounts/${world.account.id}/payments/${payment.id}/reverse`
    const reversed = await post(world, url, { reason: 'Cheque dishonoured' })
    expect(reversed.statusCode, reversed.body).toBe(201)
    expect(reversed.json()).toMatchObject({
      amountCents: -150_000,
      reversesPaymentId: payment.id,
      receivedOn: '2026-12-10',
      allocations: [{ invoiceId: invoice.id, amountCents: -110_000 }],
    })
    const again = await post(world, url, { reason: 'Again' })
    expect(again.statusCode).toBe(409)
    expect(again.json().Message).toBe(MESSAGES.reversed)
    const ofReversal = await post(
      world,
      `/api/admin/customer-accounts/${world.account.id}/payments/${reversed.json().id}/reverse`,
      {
        reason: 'x',
      },
    )
    expect(ofReversal.statusCode).toBe(409)
    const allocate = await post(
      world,
      `/api/admin/customer-accounts/${world.account.id}/payments/${payment.id}/allocations`,
      {
        allocations: [{ invoiceId: invoice.id, amountCents: 1 }],
      },
    )
    expect(allocate.statusCode).toBe(409)

    const ledger = await ledgerOf(world)
    expect(ledger).toMatchObject({ balanceCents: 110_000, unallocatedCreditCents: 0 })
    expect(ledger.invoices[0]).toMatchObject({ status: 'Unpaid', owingCents: 110_000, allocatedCents: 0 })
    expect(ledger.payments.find((row: { id: number }) => row.id === payment.id)).toMatchObject({
      reversedByPaymentId: reversed.json().id,
      unallocatedCents: 0,
      allocations: [{ reversed: true }],
    })
    // Insert-only: the original rows are as they were, and a second reversal cannot be inserted.
    const rows = await world.app.db.selectFrom('payments').select(['amount_cents']).orderBy('id').execute()
    expect(rows.map((row) => row.amount_cents)).toEqual([150_000, -150_000])
    await expect(
      world.app.db
        .insertInto('payments')
        .values({
          account_id: world.account.id,
          method: 'eft',
          received_on: '2026-12-10',
          amount_cents: -150_000,
          reverses_payment_id: payment.id,
          created_at: new Date().toISOString(),
          created_by: null,
        })
        .execute(),
    ).rejects.toThrow()
    const audit = await world.app.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('target_type', '=', 'payment')
      .orderBy('id')
      .execute()
    expect(audit).toEqual([
      { action: 'payment.record', target_id: String(payment.id) },
      { action: 'payment.reverse', target_id: String(payment.id) },
    ])
  })

  it('reverses one allocation once: its amount is the payment’s to allocate again', async () => {
    const world = await receivablesWorld(dialect)
    const a = await insertInvoice(world.app, { accountId: world.account.id, dueDate: '2026-12-20' })
    const b = await insertInvoice(world.app, { accountId: world.account.id, dueDate: '2026-12-20' })
    const payment = await pay(world, {
      amountCents: 110_000,
      allocations: [{ invoiceId: a.id, amountCents: 110_000 }],
    })
    const allocationId = payment.allocations[0].id
    const base = `/api/admin/customer-accounts/${world.account.id}/payments/${payment.id}`
    const undone = await post(world, `${base}/allocations/${allocationId}/reverse`, {
      reason: 'Meant for the other invoice',
    })
    expect(undone.statusCode, undone.body).toBe(200)
    expect(undone.json()).toMatchObject({ unallocatedCents: 110_000 })
    expect(
      (await post(world, `${base}/allocations/${allocationId}/reverse`, { reason: 'again' })).statusCode,
    ).toBe(409)
    const moved = await post(world, `${base}/allocations`, {
      allocations: [{ invoiceId: b.id, amountCents: 110_000 }],
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const ledger = await ledgerOf(world)
    expect(ledger.invoices.map((row: { status: string }) => row.status)).toEqual(['Unpaid', 'Paid'])
    const actions = await world.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'payment')
      .orderBy('id')
      .execute()
    expect(actions.map((row) => row.action)).toEqual([
      'payment.record',
      'payment.allocation-reverse',
      'payment.allocate',
    ])
  })

  it('is for administrators: a member gets 403, another account’s payment 404', async () => {
    const world = await receivablesWorld(dialect)
    const member = await world.app.inject({
      method: 'POST',
      url: `/api/admin/customer-accounts/${world.account.id}/payments`,
      headers: world.members.accounts.headers,
      payload: { method: 'eft', receivedOn: '2026-12-09', amountCents: 100 },
    })
    expect(member.statusCode).toBe(403)
    const payment = await pay(world, { amountCents: 100 })
    const wrong = await post(
      world,
      `/api/admin/customer-accounts/${world.other.id}/payments/${payment.id}/reverse`,
      { reason: 'x' },
    )
    expect(wrong.statusCode).toBe(404)
  })
})
