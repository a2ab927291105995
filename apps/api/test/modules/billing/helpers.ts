import type { FastifyInstance } from 'fastify'
import { DEMO_BANK } from '../../../src/config.ts'
import type { BillingDeps } from '../../../src/modules/billing/deps.ts'
import { createPdfSealer } from '../../../src/modules/credit/pdf/seal.ts'
import type { Dialect } from '../../helpers/build.ts'
import { sealEnv } from '../../helpers/seal.ts'
import { insertBooking } from '../bookings/fixtures.ts'
import { onHireSetup } from '../bookings/on-hire-setup.ts'

/*
 * What the billing tests share: the On hire tests' account (VMS boards at Molendinar, a member of each role), billed
 * monthly on the 1st unless told, the billing deps on the test's clock, and bookings put on hire and off-hired
 * straight in the tables.
 */

/** A VMS board's rates in the tests: $180 a day, $950 a week. */
export const VMS_RATES = { dayRateCents: 18_000, weekRateCents: 95_000 }

export async function billingWorld(dialect: Dialect, options: { units?: number; dayOfMonth?: number } = {}) {
  const setup = await onHireSetup(dialect, options.units ?? 4)
  await setup.app.db
    .updateTable('customer_accounts')
    .set({ billing_cycle: 'monthly', billing_day_of_month: options.dayOfMonth ?? 1, payment_terms_days: 30 })
    .where('id', '=', setup.accountId)
    .execute()
  return { ...setup, deps: billingDeps(setup.app, () => setup.clock.now) }
}

export type BillingWorld = Awaited<ReturnType<typeof billingWorld>>

/** One seal for the process's tests: making a key pair per test is slow on a busy machine. */
const seal = createPdfSealer({
  p12Path: sealEnv().PDF_SEAL_P12,
  password: sealEnv().PDF_SEAL_PASSWORD,
  demoPath: '',
})

export function billingDeps(app: FastifyInstance, clock: () => Date): BillingDeps {
  return { db: app.db, clock, seal, log: app.log, bank: DEMO_BANK }
}

/** A booking of the world's units on hire since `onHireAt`, with its fees and PO. */
export async function hireOnAccount(
  world: BillingWorld,
  options: {
    units: number
    onHireAt: string
    deliveryFeeCents?: number
    collectionFeeCents?: number
    po?: string
  },
) {
  const booking = await insertBooking(world.app, {
    accountId: world.accountId,
    siteId: world.siteA,
    depotId: world.depotId,
    units: world.fleet.slice(0, options.units),
    onHireAt: options.onHireAt,
    orderedBy: world.members.orderer.user.id,
    poNumber: options.po ?? 'PO-7781',
    ...VMS_RATES,
  })
  await world.app.db
    .updateTable('bookings')
    .set({
      delivery_fee_cents: options.deliveryFeeCents ?? 0,
      collection_fee_cents: options.collectionFeeCents ?? 0,
    })
    .where('id', '=', booking.id)
    .execute()
  await world.app.db
    .updateTable('booking_items')
    .set({ description: 'VMS board' })
    .where('booking_id', '=', booking.id)
    .execute()
  return booking
}

let offHireSequence = 0

/** An off-hire of the lines with its pick-up time, as the customer's request leaves the tables. */
export async function offHire(
  app: FastifyInstance,
  booking: { id: number },
  accountId: number,
  lineIds: readonly number[],
  pickupAt: string,
): Promise<number> {
  offHireSequence += 1
  const row = await app.db
    .insertInto('off_hires')
    .values({
      number: `OH-2026-${String(800_000 + offHireSequence)}`,
      booking_id: booking.id,
      account_id: accountId,
      pickup_at: pickupAt,
      requested_by: null,
      requested_by_name: 'Sam Orderer',
      created_at: pickupAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await app.db
    .updateTable('booking_lines')
    .set({ off_hire_id: row.id, off_hire_at: pickupAt, ends_at: pickupAt })
    .where('id', 'in', [...lineIds])
    .execute()
  return row.id
}

export async function invoicesOf(app: FastifyInstance) {
  return app.db.selectFrom('invoices').selectAll().orderBy('id').execute()
}

export async function linesOf(app: FastifyInstance, invoiceId: number) {
  return app.db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute()
}
