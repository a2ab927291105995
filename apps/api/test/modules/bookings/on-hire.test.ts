import type { OnHire } from '@signalway/shared/on-hire'
import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../../src/lib/csv.ts'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { DIALECTS } from '../../helpers/build.ts'
import { insertBooking } from './fixtures.ts'
import { onHireSetup } from './on-hire-setup.ts'

/*
 * What a customer account has on hire (ADR 048): every unit out by site and PO with its days and running cost to
 * date; every member sees it, a Site supervisor only their sites; someone outside the account gets 404. The CSV has
 * the same rows, safe to open in a spreadsheet.
 */

const ON_HIRE = '2026-12-08T00:00:00.000Z'

async function withBookings(dialect: (typeof DIALECTS)[number]) {
  const setup = await onHireSetup(dialect)
  const { app, accountId, siteA, siteB, depotId, fleet, members } = setup
  const first = await insertBooking(app, {
    accountId,
    siteId: siteA,
    depotId,
    units: [fleet[0], fleet[1]].map((unit) => unit as (typeof fleet)[number]),
    onHireAt: ON_HIRE,
    poNumber: 'PO-100',
    orderedBy: members.orderer.user.id,
  })
  const second = await insertBooking(app, {
    accountId,
    siteId: siteB,
    depotId,
    units: [fleet[2] as (typeof fleet)[number]],
    onHireAt: ON_HIRE,
    poNumber: '=HYPERLINK("http://x")',
  })
  // Not on hire yet: not listed.
  await insertBooking(app, { accountId, siteId: siteA, depotId, units: [fleet[3] as (typeof fleet)[number]] })
  return { ...setup, first, second }
}

describe.each(DIALECTS)('On hire (%s)', (dialect) => {
  it('lists every unit out by site and PO with its days and running cost to date', async () => {
    const { app, base, members, first } = await withBookings(dialect)
    const response = await app.inject({
      method: 'GET',
      url: `${base}/on-hire`,
      headers: members.admin.headers,
    })
    expect(response.statusCode, response.body).toBe(200)
    const body: OnHire = response.json()
    // 8, 9 and 10 December in Melbourne: 3 days at $250.
    expect(body.totals).toEqual({ units: 3, costCents: 225_000, gstCents: 22_500 })
    expect(body.canExtend).toBe(true)
    expect(body.canOffHire).toBe(true)
    expect(body.groups.map((group) => [group.siteName, group.poNumber, group.units.length])).toEqual([
      ['Gold Coast Highway', '=HYPERLINK("http://x")', 1],
      ['Pacific Motorway', 'PO-100', 2],
    ])
    const unit = body.groups[1]?.units[0]
    expect(unit).toMatchObject({
      bookingId: first.id,
      bookingReference: first.reference,
      fleetNumber: 'VMS-0001',
      typeName: 'VMS board, full matrix, trailer mounted',
      timeZone: 'Australia/Brisbane',
      onHireAt: ON_HIRE,
      expectedEndAt: '2026-12-14T20:00:00.000Z',
      offHireNumber: null,
      pickupAt: null,
      days: 3,
      costCents: 75_000,
    })
    expect(body.groups[1]).toMatchObject({ costCents: 150_000, gstCents: 15_000 })
    expect(body.bookings.map((booking) => booking.id).sort()).toEqual(
      [first.id, body.groups[0]?.units[0]?.bookingId].sort(),
    )
    expect(body.poNumbers).toEqual(['=HYPERLINK("http://x")', 'PO-100'])
  })

  it('filters by site and by PO', async () => {
    const { app, base, members, siteB } = await withBookings(dialect)
    const get = async (query: string) =>
      (
        await app.inject({ method: 'GET', url: `${base}/on-hire?${query}`, headers: members.orderer.headers })
      ).json()
    const bySite: OnHire = await get(`siteId=${siteB}`)
    expect(bySite.totals.units).toBe(1)
    // The filters' choices stay whole.
    expect(bySite.sites).toHaveLength(2)
    const byPo: OnHire = await get('po=PO-100')
    expect(byPo.groups.flatMap((group) => group.units.map((unit) => unit.fleetNumber))).toEqual([
      'VMS-0001',
      'VMS-0002',
    ])
  })

  it('shows a Site supervisor only their sites, the Accounts role all without actions, and no one else anything', async () => {
    const { app, base, members } = await withBookings(dialect)
    const get = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `${base}/on-hire`, headers })
    const supervisor: OnHire = (await get(members.supervisorA.headers)).json()
    expect(supervisor.groups.map((group) => group.siteName)).toEqual(['Pacific Motorway'])
    expect(supervisor.sites.map((site) => site.name)).toEqual(['Pacific Motorway'])
    expect(supervisor.canExtend).toBe(false)
    expect(supervisor.canOffHire).toBe(true)
    const accounts: OnHire = (await get(members.accounts.headers)).json()
    expect(accounts.totals.units).toBe(3)
    expect(accounts.canOffHire).toBe(false)
    expect(accounts.canExtend).toBe(false)
    const stranger = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    expect((await get(stranger)).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: `${base}/on-hire.csv` })).statusCode).toBe(401)
    expect(
      (await app.inject({ method: 'GET', url: `${base}/on-hire.csv`, headers: stranger })).statusCode,
    ).toBe(404)
  })

  it('leaves out units collected', async () => {
    const { app, base, members, first } = await withBookings(dialect)
    await app.db
      .updateTable('booking_lines')
      .set({ collected_at: '2026-12-09T00:00:00.000Z' })
      .where('id', '=', first.lineIds[0] as number)
      .execute()
    const body: OnHire = (
      await app.inject({ method: 'GET', url: `${base}/on-hire`, headers: members.admin.headers })
    ).json()
    expect(body.totals.units).toBe(2)
  })

  it('gives the same rows as CSV, times in the depot’s zone, formulas neutralised', async () => {
    const { app, base, members, accountId } = await withBookings(dialect)
    const response = await app.inject({
      method: 'GET',
      url: `${base}/on-hire.csv`,
      headers: members.supervisorB.headers,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    const { account_number } = await app.db
      .selectFrom('customer_accounts')
      .select('account_number')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="on-hire-${account_number}-2026-12-10.csv"`,
    )
    const parsed = parseCsv(response.body)
    if (!parsed.ok) throw new Error('not CSV')
    expect(parsed.records).toEqual([
      [
        'Site',
        'PO',
        'Booking',
        'Fleet number',
        'Type',
        'On hire',
        'Expected end',
        'Off-hire number',
        'Pick-up',
        'Days',
        'Cost to date ex GST',
        'GST',
        'Time zone',
      ],
      [
        'Gold Coast Highway',
        `'=HYPERLINK("http://x")`,
        expect.stringMatching(/^BK-2026-/),
        'VMS-0003',
        'VMS board, full matrix, trailer mounted',
        // 00:00 UTC is 10:00 in Brisbane.
        '2026-12-08 10:00',
        '2026-12-15 06:00',
        '',
        '',
        '3',
        '750.00',
        '75.00',
        'Australia/Brisbane',
      ],
    ])
  })
})
