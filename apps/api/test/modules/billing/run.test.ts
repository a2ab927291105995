import { cents } from '@signalway/shared/money'
import { priceHire } from '@signalway/shared/rates'
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { runBillingAsAt } from '../../../src/modules/billing/run.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import {
  billingDeps,
  billingWorld,
  hireOnAccount,
  invoicesOf,
  linesOf,
  offHire,
  VMS_RATES,
} from './helpers.ts'

/*
 * The billing run (ADR 051, requirements §22): a hire invoiced at off-hire with the figures worked by hand; a long
 * hire invoiced per billing period then at off-hire, adding up to the rate engine's price; a replay as at a past
 * date; a run that fails half-way and is run again; two app instances running it at once on one database.
 */

const RATES = {
  dayRate: cents(VMS_RATES.dayRateCents),
  weekRate: cents(VMS_RATES.weekRateCents),
  minimumDays: 1,
}

/** 11/11/2026 09:00 and 20/11/2026 15:00 in Melbourne (daylight time, UTC+11): 10 started days. */
const TEN_DAYS = { onHire: '2026-11-10T22:00:00.000Z', pickup: '2026-11-20T04:00:00.000Z' }
/** 21/10/2026 09:00 to 10/12/2026 14:00 in Melbourne: 51 days over three monthly periods. */
const LONG = { onHire: '2026-10-20T22:00:00.000Z', pickup: '2026-12-10T03:00:00.000Z' }

async function hireLineTotals(app: Awaited<ReturnType<typeof billingWorld>>['app']) {
  const rows = await app.db
    .selectFrom('invoice_lines')
    .select(['booking_line_id', 'amount_cents', 'kind'])
    .execute()
  const totals = new Map<number, number>()
  for (const row of rows) {
    if (row.kind !== 'hire' || row.booking_line_id === null) continue
    totals.set(row.booking_line_id, (totals.get(row.booking_line_id) ?? 0) + row.amount_cents)
  }
  return totals
}

/** A plugin that throws on the nth insert into a table: a run that dies half-way. */
function failingInsert(table: string, nth: number): KyselyPlugin {
  let seen = 0
  return {
    transformQuery(args: PluginTransformQueryArgs) {
      const node = args.node as { kind: string; into?: { table: { identifier: { name: string } } } }
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === table) {
        seen += 1
        if (seen === nth) throw new Error(`the ${nth}th insert into ${table} failed`)
      }
      return args.node
    },
    async transformResult(args: PluginTransformResultArgs) {
      return args.result
    },
  }
}

async function longHire(dialect: (typeof DIALECTS)[number]) {
  const world = await billingWorld(dialect)
  const booking = await hireOnAccount(world, {
    units: 1,
    onHireAt: LONG.onHire,
    deliveryFeeCents: 15_000,
    collectionFeeCents: 15_000,
  })
  await offHire(world.app, booking, world.accountId, booking.lineIds, LONG.pickup)
  return { world, booking }
}

describe.each(DIALECTS)('the billing run (%s)', (dialect) => {
  it('invoices a 10-day hire at off-hire: the week rate caps the first 7 days, with both fees, GST once', async () => {
    const world = await billingWorld(dialect)
    const booking = await hireOnAccount(world, {
      units: 1,
      onHireAt: TEN_DAYS.onHire,
      deliveryFeeCents: 12_000,
      collectionFeeCents: 12_000,
    })
    const offHireId = await offHire(world.app, booking, world.accountId, booking.lineIds, TEN_DAYS.pickup)

    const outcome = await runBillingAsAt(world.deps, new Date('2026-11-21T00:00:00.000Z'))
    expect(outcome).toMatchObject({ invoices: 1, adjustmentNotes: 0, skipped: 0, failed: 0 })
    const [invoice] = await invoicesOf(world.app)
    const account = await world.app.db
      .selectFrom('customer_accounts')
      .selectAll()
      .where('id', '=', world.accountId)
      .executeTakeFirstOrThrow()
    // 1 week × $950 + 3 days × $180 = $1,490; + $120 + $120 = $1,730 ex GST; GST $173; $1,903.
    expect(invoice).toMatchObject({
      number: 'INV-000001',
      work_key: `off-hire:${offHireId}`,
      kind: 'off_hire',
      off_hire_id: offHireId,
      period_end: TEN_DAYS.pickup,
      issue_date: '2026-11-21',
      due_date: '2026-12-21',
      buyer_name: account.legal_name,
      buyer_abn: account.abn,
      buyer_account_number: account.account_number,
      po_numbers: 'PO-7781',
      subtotal_cents: 173_000,
      gst_cents: 17_300,
      total_cents: 190_300,
      payment_reference: `INV-000001 ${account.account_number}`,
      delivery_method: 'email',
    })
    expect(invoice?.buyer_address).not.toBe('')
    const lines = await linesOf(world.app, invoice?.id as number)
    expect(lines.map((line) => [line.kind, line.description, line.quantity, line.amount_cents])).toEqual([
      ['delivery', `Delivery, booking ${booking.reference}`, 1, 12_000],
      [
        'hire',
        'VMS-0001 VMS board: 11/11/2026 to 20/11/2026, 10 days: 1 week × $950.00 + 3 days × $180.00',
        1,
        149_000,
      ],
      ['collection', `Collection, booking ${booking.reference}`, 1, 12_000],
    ])
    expect(lines[1]).toMatchObject({
      first_day: '2026-11-11',
      last_day: '2026-11-20',
      fleet_number: 'VMS-0001',
    })

    const line = await world.app.db
      .selectFrom('booking_lines')
      .select(['invoiced_to', 'invoiced_cents'])
      .where('id', '=', booking.lineIds[0] as number)
      .executeTakeFirstOrThrow()
    expect(line).toEqual({ invoiced_to: TEN_DAYS.pickup, invoiced_cents: 149_000 })
    const fees = await world.app.db
      .selectFrom('bookings')
      .select(['delivery_invoice_id', 'collection_invoice_id'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(fees).toEqual({ delivery_invoice_id: invoice?.id, collection_invoice_id: invoice?.id })
    const audit = await findAuditEntries(world.app.db, 'invoice', String(invoice?.id))
    expect(audit.map((entry) => entry.action)).toEqual(['invoice.issue'])

    // Nothing is left: the next run, and the cycle's period end after it, issue nothing.
    expect((await runBillingAsAt(world.deps, new Date('2026-12-02T00:00:00.000Z'))).invoices).toBe(0)
  })

  it('invoices each ended period then what is left at off-hire, adding up to the price of the whole hire; replays a past date', async () => {
    const { world, booking } = await longHire(dialect)

    // As at 15/11: only October has ended. The invoice is dated as at then.
    const past = await runBillingAsAt(world.deps, new Date('2026-11-15T01:00:00.000Z'))
    expect(past.invoices).toBe(1)
    const run = await runBillingAsAt(world.deps, new Date('2026-12-11T00:00:00.000Z'))
    expect(run.invoices).toBe(2)

    const invoices = await invoicesOf(world.app)
    expect(
      invoices.map((invoice) => [invoice.number, invoice.kind, invoice.issue_date, invoice.subtotal_cents]),
    ).toEqual([
      // 21/10 to 31/10, 11 days: 1 week × $950 + 4 days × $180 = $1,670, with the delivery fee.
      ['INV-000001', 'cycle', '2026-11-15', 167_000 + 15_000],
      // To 30/11, 41 days: 5 weeks + 6 days capped at $950 = $5,700, less $1,670.
      ['INV-000002', 'cycle', '2026-12-11', 403_000],
      // To 10/12, 51 days: 7 weeks + 2 days = $7,010, less $5,700; with the collection fee.
      ['INV-000003', 'off_hire', '2026-12-11', 131_000 + 15_000],
    ])
    expect(invoices[0]?.work_key).toBe(`cycle:${world.accountId}:2026-10-31T13:00:00.000Z`)
    expect(invoices[1]?.work_key).toBe(`cycle:${world.accountId}:2026-11-30T13:00:00.000Z`)
    const second = await linesOf(world.app, invoices[1]?.id as number)
    expect(second.map((line) => line.description)).toEqual([
      'VMS-0001 VMS board: 01/11/2026 to 30/11/2026, days 12 to 41 of the hire. Hire to date, 41 days: 5 weeks × $950.00 + 6 days × $180.00 capped at the week rate $950.00 = $5,700.00, less $1,670.00 already invoiced',
    ])
    const whole = priceHire(RATES, { onHire: new Date(LONG.onHire), offHire: new Date(LONG.pickup) })
    expect(whole.subtotalExGst).toBe(701_000)
    expect((await hireLineTotals(world.app)).get(booking.lineIds[0] as number)).toBe(whole.subtotalExGst)
    for (const invoice of invoices) expect(invoice.gst_cents).toBe(Math.round(invoice.subtotal_cents / 10))
  })

  it('resumes a run that failed half-way without charging anything twice or leaving a gap in the numbers', async () => {
    const { world, booking } = await longHire(dialect)
    const crashing = { ...world.deps, db: world.app.db.withPlugin(failingInsert('invoice_lines', 2)) }
    const broken = await runBillingAsAt(crashing, new Date('2026-12-11T00:00:00.000Z'))
    expect(broken).toMatchObject({ invoices: 1, failed: 1 })
    expect((await invoicesOf(world.app)).map((invoice) => invoice.number)).toEqual(['INV-000001'])

    const resumed = await runBillingAsAt(world.deps, new Date('2026-12-11T00:00:00.000Z'))
    expect(resumed).toMatchObject({ invoices: 2, failed: 0 })
    expect((await invoicesOf(world.app)).map((invoice) => invoice.number)).toEqual([
      'INV-000001',
      'INV-000002',
      'INV-000003',
    ])
    expect((await hireLineTotals(world.app)).get(booking.lineIds[0] as number)).toBe(701_000)
    expect((await runBillingAsAt(world.deps, new Date('2026-12-11T00:00:00.000Z'))).invoices).toBe(0)
  })
})

describe.each(DIALECTS)('two app instances running the billing run at once (%s)', (dialect) => {
  it('issue each piece once, numbered without a gap or a repeat, and charge no day twice', async () => {
    const world = await billingWorld(dialect)
    // A second instance: its own app and connections on the same database (built, and its jobs run once, before
    // there is anything to bill).
    const other = await buildTestApp({ database: world.database, build: { clock: () => world.clock.now } })
    await other.app.ready()
    const bookings = []
    for (const [index, onHireAt] of [
      LONG.onHire,
      '2026-10-25T22:00:00.000Z',
      '2026-11-03T22:00:00.000Z',
    ].entries()) {
      const booking = await hireOnAccount(world, { units: 1, onHireAt, deliveryFeeCents: 10_000 })
      await world.app.db
        .updateTable('booking_lines')
        .set({ unit_id: world.fleet[index]?.id as number })
        .where('id', '=', booking.lineIds[0] as number)
        .execute()
      bookings.push(booking)
    }
    await offHire(
      world.app,
      bookings[0] as { id: number },
      world.accountId,
      bookings[0]?.lineIds ?? [],
      LONG.pickup,
    )
    const second = billingDeps(other.app, () => world.clock.now)
    const asAt = new Date('2026-12-11T00:00:00.000Z')
    const [a, b] = await Promise.all([runBillingAsAt(world.deps, asAt), runBillingAsAt(second, asAt)])
    expect(a.failed + b.failed).toBe(0)
    // What either left (another had it, or SQLite's one writer was busy) the next run issues.
    const c = await runBillingAsAt(world.deps, asAt)
    const numbers = (await invoicesOf(world.app)).map((invoice) => invoice.number)
    // October and November for the three units, and the first one's off-hire.
    expect(numbers.length).toBe(3)
    expect(numbers).toEqual(numbers.map((_, index) => `INV-${String(index + 1).padStart(6, '0')}`))
    expect(a.invoices + b.invoices + c.invoices).toBe(numbers.length)
    expect((await runBillingAsAt(world.deps, asAt)).invoices).toBe(0)
    const totals = await hireLineTotals(world.app)
    expect(totals.get(bookings[0]?.lineIds[0] as number)).toBe(701_000)
  })
})
