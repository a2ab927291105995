import { describe, expect, it } from 'vitest'
import type { BookingStatusValue } from '../../../src/db/schema.ts'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { addSite, openAccount } from '../customer-accounts/helpers.ts'
import { depotIdOf } from '../fleet/helpers.ts'
import { insertBooking } from './fixtures.ts'

/*
 * The available credit (ADR 048): the credit limit less the totals inc GST of the account's open bookings
 * (requested, confirmed, on hire, off-hire requested). My Account shows the same figure as the staff's booking
 * detail, not the whole limit.
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
})
