import { describe, expect, it } from 'vitest'
import type { BookingStatusValue } from '../../../src/db/schema.ts'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { insertInvoice } from '../../helpers/invoices.ts'
import { addSite, openAccount } from '../customer-accounts/helpers.ts'
import { depotIdOf } from '../fleet/helpers.ts'
import { insertBooking } from './fixtures.ts'

/*
 * The available credit (ADR 048): the credit limit less the totals inc GST of the account's open bookings
 * (requested, confirmed, on hire, off-hire requested). My Account shows the same figure as the staff's booking
 * detail, not the whole limit. Once invoices exist (ADR 051), the limit less the balance (what is owing less the
 * unallocated credit) and less what the open bookings have not been invoiced yet: an invoiced booking counts once.
 */

describe.each(DIALECTS)('the available credit on %s', (dialect) => {
  it('is the limit less the open bookings’ totals, in My Account as in the staff’s booking detail', async () => {
    const { app } = await buildTestApp({ dialect })
    const owner = await createUser(app, { memberType: 2 })
    const account = await openAccount(app, owner)
    const other = await openAccount(app, await createUser(app, { memberType: 2 }), 'Other Civil')
    const depotId = await depotIdOf(app, 'MOL')
    const siteId = await addSite(app, account.id)
    const otherSite = await addSite(app, other.id)
    const book = async (status: BookingStatusValue, totalCents: number, accountId = account.id) => {
      const booking = await insertBooking(app, {
        accountId,
        siteId: accountId === account.id ? siteId : otherSite,
        depotId,
        units: [],
        status,
      })
      await app.db
        .updateTable('bookings')
        .set({ total_cents: totalCents })
        .where('id', '=', booking.id)
        .execute()
      return booking
    }
    const requested = await book('requested', 100_000)
    await book('confirmed', 20_000)
    await book('on_hire', 3_000)
    await book('off_hire_requested', 400)
    // Not open: waiting for the account's own approval, declined, or over.
    for (const status of ['awaiting_approval', 'declined', 'off_hired', 'closed'] as const)
      await book(status, 1_000_000)
    await book('confirmed', 2_000_000, other.id)

    const headers = bearer(await tokenFor(app, owner))
    const limit = 5_000_000
    const available = limit - 123_400
    const list = await app.inject({ method: 'GET', url: '/api/my-account/customer-accounts', headers })
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: account.id, creditLimitCents: limit, availableCreditCents: available }),
    ])
    const one = await app.inject({
      method: 'GET',
      url: `/api/my-account/customer-accounts/${account.id}`,
      headers,
    })
    expect(one.json()).toMatchObject({ creditLimitCents: limit, availableCreditCents: available })
    const staffDetail = await app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${requested.id}`,
      headers: account.staff,
    })
    expect(staffDetail.json()).toMatchObject({ creditLimitCents: limit, availableCreditCents: available })
  })

  it('counts an invoiced booking once: its invoices in the balance, the rest of its total beside it', async () => {
    const { app } = await buildTestApp({ dialect })
    const owner = await createUser(app, { memberType: 2 })
    const account = await openAccount(app, owner)
    const depotId = await depotIdOf(app, 'MOL')
    const siteId = await addSite(app, account.id)
    const book = async (totalCents: number) => {
      const booking = await insertBooking(app, {
        accountId: account.id,
        siteId,
        depotId,
        units: [],
        status: 'on_hire',
      })
      await app.db
        .updateTable('bookings')
        .set({ total_cents: totalCents })
        .where('id', '=', booking.id)
        .execute()
      return booking
    }
    const headers = bearer(await tokenFor(app, owner))
    const available = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/my-account/customer-accounts/${account.id}`, headers })
      ).json().availableCreditCents
    const limit = 5_000_000
    const hire = await book(110_000)
    expect(await available()).toBe(limit - 110_000)
    // $600.00 ex GST of it invoiced ($660.00 with GST): still $1,100.00 used in all, not $1,760.00.
    const invoice = await insertInvoice(app, {
      accountId: account.id,
      lines: [{ amountCents: 60_000, bookingId: hire.id }],
    })
    expect(await available()).toBe(limit - 66_000 - 44_000)
    // Paid: only the part not invoiced is used.
    const staff = account.staff
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/customer-accounts/${account.id}/payments`,
      headers: staff,
      payload: {
        method: 'eft',
        receivedOn: '2026-11-01',
        amountCents: 66_000,
        allocations: [{ invoiceId: invoice.id, amountCents: 66_000 }],
      },
    })
    expect(paid.statusCode, paid.body).toBe(201)
    expect(await available()).toBe(limit - 44_000)
    // Invoiced for more than its total (extended on hire): nothing more is counted for it, never less than 0.
    const extended = await book(22_000)
    await insertInvoice(app, {
      accountId: account.id,
      lines: [{ amountCents: 50_000, bookingId: extended.id }],
    })
    expect(await available()).toBe(limit - 44_000 - 55_000)
    // An overpayment's credit raises it.
    const credit = await app.inject({
      method: 'POST',
      url: `/api/admin/customer-accounts/${account.id}/payments`,
      headers: staff,
      payload: { method: 'cheque', receivedOn: '2026-11-01', amountCents: 100_000 },
    })
    expect(credit.statusCode, credit.body).toBe(201)
    expect(await available()).toBe(limit - 44_000 - 55_000 + 100_000)
  })
})
