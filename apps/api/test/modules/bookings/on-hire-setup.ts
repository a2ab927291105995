import type { FastifyInstance } from 'fastify'
import { createUser } from '../../helpers/auth.ts'
import { buildTestApp, type Dialect } from '../../helpers/build.ts'
import { addMember, addSite, openAccount } from '../customer-accounts/helpers.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from '../fleet/helpers.ts'

/*
 * What the On hire, off-hire and extend tests share: an app on a clock the test moves, an account with two sites,
 * a member of each role, and VMS boards at the Molendinar depot (Brisbane's zone).
 */

export const NOW = '2026-12-10T00:00:00.000Z'

export async function onHireSetup(dialect: Dialect, units = 4) {
  const clock = { now: new Date(NOW) }
  const { app, database } = await buildTestApp({ dialect, build: { clock: () => clock.now } })
  const owner = await createUser(app, { memberType: 2 })
  const account = await openAccount(app, owner)
  const siteA = await addSite(app, account.id, 'Pacific Motorway')
  const siteB = await addSite(app, account.id, 'Gold Coast Highway')
  const [admin, orderer, supervisorA, supervisorB, accounts] = [
    await addMember(app, account.id, 'account_admin'),
    await addMember(app, account.id, 'orderer'),
    await addMember(app, account.id, 'site_supervisor', [siteA]),
    await addMember(app, account.id, 'site_supervisor', [siteB]),
    await addMember(app, account.id, 'accounts'),
  ]
  const staff = await adminHeaders(app)
  const depotId = await depotIdOf(app, 'MOL')
  const type = await addType(app, staff)
  const fleet: { id: number; typeId: number; fleetNumber: string }[] = []
  for (let index = 1; index <= units; index += 1) {
    const fleetNumber = `VMS-${String(index).padStart(4, '0')}`
    const unit = await addUnit(app, staff, { fleetNumber, typeId: type.id, depotId })
    fleet.push({ id: unit.id, typeId: type.id, fleetNumber })
  }
  return {
    app,
    database,
    clock,
    accountId: account.id,
    siteA,
    siteB,
    depotId,
    typeId: type.id,
    fleet,
    members: { admin, orderer, supervisorA, supervisorB, accounts },
    base: `/api/my-account/customer-accounts/${account.id}`,
  }
}

export type OnHireSetup = Awaited<ReturnType<typeof onHireSetup>>

export async function bookingVersion(app: FastifyInstance, bookingId: number): Promise<number> {
  const row = await app.db
    .selectFrom('bookings')
    .select('version')
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow()
  return row.version
}
