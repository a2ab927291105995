/**
 * npm run bench:availability: the fleet's availability service (requirements §17, ADR 042) on a fleet of
 * 5,000 units with 200,000 booking lines over three years, on SQLite and on PostgreSQL.
 *
 * For each dialect: a fresh database (a temporary SQLite file; a new schema of TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, dropped afterwards), migrated by the app's migrator; 11 equipment
 * types; 5,000 units spread over the types and the three depots, with a mix of statuses and service dues; 200,000
 * booking lines from two years ago to a year ahead (per unit back to back or with gaps, never overlapping, 1 to 60
 * days long), inserted in batches in one transaction. Then each operation below is called straight on the
 * service (no HTTP) for random arguments: a warm-up, then the timed samples. Target: availabilityOf for any
 * type, depot and 30-day range (with a quantity, so the first available day is searched too) p95 < 20 ms.
 *
 *   node bench/availability.ts [--units N] [--lines N] [--samples N] [--dialect sqlite|postgres]
 *
 * Prints a table and writes bench/results/availability.json; exits 1 when a p95 misses its target.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BookingPriceRequest } from '@signalway/shared/bookings'
import {
  addDays,
  businessDay,
  type CalendarDay,
  formatIsoDay,
  startOfDayIn,
} from '@signalway/shared/business-time'
import type { AvailabilityQuery } from '@signalway/shared/fleet'
import { type Kysely, sql } from 'kysely'
import { createDatabase } from '../apps/api/src/db/database.ts'
import { migrateToLatest } from '../apps/api/src/db/migrator.ts'
import type { DB, UnitStatus } from '../apps/api/src/db/schema.ts'
import { priceBooking } from '../apps/api/src/modules/bookings/pricing.ts'
import { availabilityOf } from '../apps/api/src/modules/fleet/availability.ts'
import { depotMonthCalendar } from '../apps/api/src/modules/fleet/calendar.ts'
import { argument } from './lib/args.ts'
import { withPg } from './lib/pg.ts'
import { between, prng } from './lib/random.ts'
import { writeResults } from './lib/results.ts'
import { percentile } from './lib/stats.ts'

type Dialect = 'sqlite' | 'postgres'
type Db = Kysely<DB>

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test'
/** The booking lines run from two years before today to a year after it. */
const PAST_DAYS = 730
const SPAN_DAYS = 3 * 365
const WARM_UP = 50

/* ---------- What is measured ---------- */

/** Random arguments for an operation, drawn from the seeded fleet. */
export interface Picker {
  typeId(): number
  depotId(): number
  /** A day from a year ago to eleven months ahead (the booking lines reach a year ahead). */
  day(): CalendarDay
  /** A month, as its first day, from a year ago to eleven months ahead. */
  month(): CalendarDay
  /** A type at a depot over `days` days from day(), for 1 unit up to every unit of the type there. */
  availabilityQuery(days: number): AvailabilityQuery
  /** The booking form's request: 1 to 3 types, from tomorrow to ten months ahead, 1 to 30 days, a served postcode. */
  bookingPriceRequest(): BookingPriceRequest
}

/** One measured operation: `prepare` draws its arguments (not timed), the function it returns is timed. */
interface Operation {
  name: string
  targetP95Ms: number
  prepare: (pick: Picker) => (db: Db) => Promise<unknown>
}

const OPERATIONS: Operation[] = [
  {
    name: 'availabilityOf, 30 days',
    targetP95Ms: 20,
    prepare: (pick) => (db) => availabilityOf(db, pick.availabilityQuery(30)),
  },
  {
    // The booking form's live call (requirements §19): the depot of the postcode, each line's free units (and when
    // short, the first free day and another depot), and the price with the zone's fees.
    name: 'priceBooking, 1 to 3 lines',
    targetP95Ms: 50,
    prepare: (pick) => {
      const request = pick.bookingPriceRequest()
      return (db) => priceBooking(db, 1, request, new Date())
    },
  },
  {
    name: 'depotMonthCalendar',
    targetP95Ms: 100,
    prepare: (pick) => {
      const { year, month } = pick.month()
      const query = { depotId: pick.depotId(), month: `${year}-${String(month).padStart(2, '0')}` }
      return (db) => depotMonthCalendar(db, query)
    },
  },
]

/* ---------- The fleet ---------- */

/** The kinds of equipment hired out, with how many units of the fleet each has (relative weights). */
const TYPES = [
  ['VMS', 'vms-board', 'variable-message-signs', 'VMS board', 14],
  ['ARB', 'arrow-board', 'variable-message-signs', 'Arrow board', 12],
  ['PTL', 'portable-traffic-lights', 'portable-traffic-lights', 'Portable traffic lights', 10],
  ['SLT', 'solar-light-tower', 'lighting', 'Solar light tower', 9],
  ['TMA', 'truck-mounted-attenuator', 'attenuators', 'Truck-mounted attenuator', 3],
  ['WFB', 'water-filled-barrier', 'barriers', 'Water-filled barrier', 20],
  ['CBR', 'concrete-barrier', 'barriers', 'Concrete barrier', 12],
  ['PFN', 'pedestrian-fencing', 'fencing', 'Pedestrian fencing panel', 10],
  ['SPD', 'speed-trailer', 'speed-awareness', 'Speed awareness trailer', 4],
  ['BMG', 'boom-gate', 'site-access', 'Boom gate', 3],
  ['CCT', 'cctv-trailer', 'site-security', 'CCTV trailer', 3],
] as const
/** Laverton, Carrum Downs, Molendinar (by code), with their share of the fleet. */
const DEPOT_SHARES = { LAV: 0.45, CDN: 0.35, MOL: 0.2 } as const
/** A postcode each depot delivers to (zone A, $110 each way), for the booking form's price. */
const DEPOT_POSTCODES = { LAV: '3028', CDN: '3198', MOL: '4217' } as const

interface Fleet {
  typeIds: number[]
  depotIds: number[]
  /** Units that are not retired, per `${typeId}:${depotId}`: how many a quantity can ask for. */
  totals: Map<string, number>
  today: CalendarDay
  postcodes: string[]
}

function weightedIndex(random: () => number, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  let roll = random() * total
  for (const [index, weight] of weights.entries()) {
    roll -= weight
    if (roll < 0) return index
  }
  return weights.length - 1
}

function statusOf(random: () => number): UnitStatus {
  const roll = random()
  return roll < 0.88 ? 'available' : roll < 0.92 ? 'in_service' : roll < 0.95 ? 'out_of_service' : 'retired'
}

/** Mostly due within the year, some overdue, some with none scheduled. */
function serviceDueOf(random: () => number, today: CalendarDay): string | null {
  const roll = random()
  if (roll < 0.1) return null
  return formatIsoDay(addDays(today, roll < 0.13 ? -between(random, 1, 30) : between(random, 0, 365)))
}

/**
 * One unit's booking lines as [first day, day after the last) offsets into the span: `count` hires of 1 to 60
 * days (mostly short), never overlapping, back to back or with gaps between them, at most 85 % of the span.
 */
export function unitHires(random: () => number, count: number, span: number): [number, number][] {
  let lengths = Array.from({ length: count }, () => 1 + Math.floor(59 * random() ** 2))
  const booked = lengths.reduce((sum, length) => sum + length, 0)
  const limit = Math.floor(span * 0.85)
  if (booked > limit) lengths = lengths.map((length) => Math.max(1, Math.floor((length * limit) / booked)))
  const free = span - lengths.reduce((sum, length) => sum + length, 0)
  const weights = Array.from({ length: count + 1 }, () => random() ** 2)
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0) || 1
  const hires: [number, number][] = []
  let day = Math.floor((free * (weights[0] as number)) / weightSum)
  for (const [index, length] of lengths.entries()) {
    hires.push([day, day + length])
    day += length + Math.floor((free * (weights[index + 1] as number)) / weightSum)
  }
  return hires
}

async function seedTypes(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .insertInto('equipment_types')
    .values(
      TYPES.map(([, slug, serviceSlug, name], index) => ({
        slug,
        service_slug: serviceSlug,
        name,
        description: `${name} for hire.`,
        specifications: '[]',
        image_media_id: null,
        day_rate_cents: 5_000 + index * 1_500,
        week_rate_cents: 25_000 + index * 7_500,
        minimum_days: 1,
        price_public: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

interface LineRow {
  unit_id: number
  starts_at: string
  ends_at: string
  booking_ref: string
  created_at: string
}

async function insertLines(db: Db, dialect: Dialect, lines: LineRow[]): Promise<void> {
  const batch = dialect === 'postgres' ? 20_000 : 2_000
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < lines.length; index += batch) {
      const slice = lines.slice(index, index + batch)
      if (dialect === 'postgres') {
        await sql`insert into booking_lines (unit_id, starts_at, ends_at, booking_ref, created_at)
          select * from unnest(${slice.map((l) => l.unit_id)}::integer[], ${slice.map((l) => l.starts_at)}::text[],
            ${slice.map((l) => l.ends_at)}::text[], ${slice.map((l) => l.booking_ref)}::text[],
            ${slice.map((l) => l.created_at)}::text[])`.execute(trx)
      } else {
        await trx.insertInto('booking_lines').values(slice).execute()
      }
    }
  })
}

export async function seedFleet(
  db: Db,
  dialect: Dialect,
  unitCount: number,
  lineCount: number,
  now: Date,
): Promise<Fleet> {
  const random = prng(20261127)
  const stamp = now.toISOString()
  const today = businessDay(now)
  const first = addDays(today, -PAST_DAYS)
  const typeIds = await seedTypes(db, stamp)
  const depots = await db.selectFrom('depots').select(['id', 'code', 'time_zone']).orderBy('id').execute()
  const postcodes = await seedPostcodes(db, depots)
  const shares = depots.map((depot) => DEPOT_SHARES[depot.code as keyof typeof DEPOT_SHARES] ?? 0.1)
  // Each depot's midnights over the span, so a line's instants are a look-up rather than a zone conversion.
  const midnights = depots.map((depot) =>
    Array.from({ length: SPAN_DAYS + 1 }, (_, day) =>
      startOfDayIn(addDays(first, day), depot.time_zone).toISOString(),
    ),
  )

  const unitRows = []
  /** The index into `depots` of each unit's depot. */
  const unitDepots: number[] = []
  const numbers = TYPES.map(() => 0)
  for (let n = 0; n < unitCount; n++) {
    const type = weightedIndex(
      random,
      TYPES.map((entry) => entry[4]),
    )
    const depot = weightedIndex(random, shares)
    numbers[type] = (numbers[type] as number) + 1
    unitRows.push({
      fleet_number: `${TYPES[type]?.[0]}-${String(numbers[type]).padStart(4, '0')}`,
      type_id: typeIds[type] as number,
      depot_id: (depots[depot] as { id: number }).id,
      registration_or_serial: `SN${String(100_000 + n)}`,
      status: statusOf(random),
      next_service_due: serviceDueOf(random, today),
      created_at: stamp,
      updated_at: stamp,
    })
    unitDepots.push(depot)
  }
  const unitIds: number[] = []
  for (let index = 0; index < unitRows.length; index += 500) {
    const rows = await db
      .insertInto('units')
      .values(unitRows.slice(index, index + 500))
      .returning('id')
      .execute()
    unitIds.push(...rows.map((row) => row.id))
  }

  // Some units are hired much more than others; the counts add up to exactly lineCount.
  const weights = unitIds.map(() => 0.3 + 1.4 * random())
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0)
  const counts = weights.map((weight) => Math.floor((lineCount * weight) / weightSum))
  for (let left = lineCount - counts.reduce((sum, count) => sum + count, 0), n = 0; left > 0; left--, n++) {
    counts[n % counts.length] = (counts[n % counts.length] as number) + 1
  }
  const lines: LineRow[] = []
  for (const [index, unitId] of unitIds.entries()) {
    const zone = midnights[unitDepots[index] as number] as string[]
    for (const [start, end] of unitHires(random, counts[index] as number, SPAN_DAYS)) {
      const startsAt = zone[start] as string
      // Booked up to two months ahead of the hire: the table fills roughly in start order, as it would.
      const created = new Date(Date.parse(startsAt) - between(random, 0, 60) * 86_400_000).toISOString()
      lines.push({
        unit_id: unitId,
        starts_at: startsAt,
        ends_at: zone[end] as string,
        booking_ref: `B-${lines.length + 1}`,
        created_at: created,
      })
    }
  }
  lines.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
  await insertLines(db, dialect, lines)
  // The steady state of a live database: statistics gathered, PostgreSQL's visibility map set.
  await sql`${sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db)

  const totals = new Map<string, number>()
  for (const row of unitRows) {
    if (row.status === 'retired') continue
    const key = `${row.type_id}:${row.depot_id}`
    totals.set(key, (totals.get(key) ?? 0) + 1)
  }
  return { typeIds, depotIds: depots.map((depot) => depot.id), totals, today, postcodes }
}

async function seedPostcodes(db: Db, depots: { id: number; code: string }[]): Promise<string[]> {
  const served = depots.flatMap((depot) => {
    const postcode = DEPOT_POSTCODES[depot.code as keyof typeof DEPOT_POSTCODES]
    return postcode ? [{ depot_id: depot.id, postcode, zone: 'A' }] : []
  })
  await db.insertInto('depot_postcodes').values(served).execute()
  await db
    .insertInto('delivery_zone_fees')
    .values(
      served.map((row) => ({
        depot_id: row.depot_id,
        zone: 'A',
        delivery_fee_cents: 11_000,
        collection_fee_cents: 11_000,
      })),
    )
    .execute()
  return served.map((row) => row.postcode)
}

function pickerOf(fleet: Fleet, random: () => number): Picker {
  const pickOf = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T
  const day = () => addDays(fleet.today, between(random, -365, 335))
  return {
    typeId: () => pickOf(fleet.typeIds),
    depotId: () => pickOf(fleet.depotIds),
    day,
    month: () => ({ ...day(), day: 1 }),
    availabilityQuery: (days) => {
      const typeId = pickOf(fleet.typeIds)
      const depotId = pickOf(fleet.depotIds)
      const from = day()
      const total = fleet.totals.get(`${typeId}:${depotId}`) ?? 1
      // Mostly a few units (the default is one); one query in ten asks for 10 % to 60 % of the type there, more
      // than are often free at once: then the first available day is searched for, often over the whole year.
      const roll = random()
      const quantity =
        roll < 0.7
          ? between(random, 1, 3)
          : roll < 0.9
            ? between(random, 4, 10)
            : Math.max(1, Math.ceil(total * (0.1 + 0.5 * random())))
      return {
        typeId,
        depotId,
        from: formatIsoDay(from),
        to: formatIsoDay(addDays(from, days)),
        quantity,
      }
    },
    bookingPriceRequest: () => {
      const types = [...fleet.typeIds].sort(() => random() - 0.5).slice(0, between(random, 1, 3))
      const first = addDays(fleet.today, between(random, 1, 300))
      const startsAt = startOfDayIn(first).getTime() + 7 * 3_600_000
      return {
        lines: types.map((typeId) => ({
          typeId,
          quantity: random() < 0.8 ? between(random, 1, 3) : between(random, 4, 20),
        })),
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + between(random, 1, 30) * 86_400_000).toISOString(),
        delivery: random() < 0.7,
        postcode: pickOf(fleet.postcodes),
      }
    },
  }
}

/* ---------- Timing ---------- */

interface Result {
  dialect: Dialect
  operation: string
  samples: number
  p50Ms: number
  p95Ms: number
  maxMs: number
  /**
   * This process's CPU time per call: on a busy machine the wall-clock figures also count the waits for a core.
   * For SQLite that is the whole work; for PostgreSQL the driver's and the service's, not the server's.
   */
  cpuP50Ms: number
  cpuP95Ms: number
  targetP95Ms: number
  met: boolean
}

const round = (value: number) => Math.round(value * 100) / 100

async function measure(
  db: Db,
  dialect: Dialect,
  operation: Operation,
  pick: Picker,
  samples: number,
): Promise<Result> {
  for (let n = 0; n < WARM_UP; n++) await operation.prepare(pick)(db)
  const times: number[] = []
  const cpuTimes: number[] = []
  for (let n = 0; n < samples; n++) {
    const call = operation.prepare(pick)
    const cpu = process.cpuUsage()
    const started = performance.now()
    await call(db)
    times.push(performance.now() - started)
    const used = process.cpuUsage(cpu)
    cpuTimes.push((used.user + used.system) / 1000)
  }
  times.sort((a, b) => a - b)
  cpuTimes.sort((a, b) => a - b)
  const p95Ms = round(percentile(times, 95))
  return {
    dialect,
    operation: operation.name,
    samples,
    p50Ms: round(percentile(times, 50)),
    p95Ms,
    maxMs: round(times.at(-1) ?? 0),
    cpuP50Ms: round(percentile(cpuTimes, 50)),
    cpuP95Ms: round(percentile(cpuTimes, 95)),
    targetP95Ms: operation.targetP95Ms,
    met: p95Ms < operation.targetP95Ms,
  }
}

/* ---------- One dialect ---------- */

async function runDialect(
  dialect: Dialect,
  unitCount: number,
  lineCount: number,
  samples: number,
): Promise<Result[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'signalway-bench-availability-'))
  const baseUrl = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL
  const schema = `bench_availability_${process.pid}`
  let databaseUrl: string | undefined
  if (dialect === 'postgres') {
    await withPg(baseUrl, (client) =>
      client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`),
    )
    const url = new URL(baseUrl)
    url.searchParams.set('options', `-c search_path=${schema}`)
    databaseUrl = url.toString()
  }
  const database = createDatabase({ databaseUrl, sqlitePath: join(dataDir, 'bench.sqlite') })
  try {
    await migrateToLatest(database.db)
    const started = performance.now()
    const fleet = await seedFleet(database.db, dialect, unitCount, lineCount, new Date())
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.info(
      `${dialect}: seeded ${unitCount.toLocaleString('en-AU')} units and ${lineCount.toLocaleString('en-AU')} booking lines in ${seconds} s`,
    )
    const results: Result[] = []
    for (const operation of OPERATIONS) {
      // The same arguments on both databases.
      const pick = pickerOf(fleet, prng(42))
      results.push(await measure(database.db, dialect, operation, pick, samples))
    }
    return results
  } finally {
    await database.close()
    if (dialect === 'postgres') {
      await withPg(baseUrl, (client) => client.query(`drop schema if exists ${schema} cascade`))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const unitCount = Number(argument('--units') ?? 5_000)
  const lineCount = Number(argument('--lines') ?? 200_000)
  const samples = Number(argument('--samples') ?? 500)
  const only = argument('--dialect') as Dialect | undefined
  const dialects: Dialect[] = only ? [only] : ['sqlite', 'postgres']
  const results: Result[] = []
  for (const dialect of dialects) {
    results.push(...(await runDialect(dialect, unitCount, lineCount, samples)))
  }

  // biome-ignore lint/suspicious/noConsole: the benchmark's report is this table.
  console.table(
    results.map((result) => ({
      dialect: result.dialect,
      operation: result.operation,
      samples: result.samples,
      'p50 ms': result.p50Ms,
      'p95 ms': result.p95Ms,
      'max ms': result.maxMs,
      'cpu p50/p95 ms': `${result.cpuP50Ms} / ${result.cpuP95Ms}`,
      'target p95 ms': `< ${result.targetP95Ms}`,
      met: result.met ? 'yes' : 'NO',
    })),
  )
  const missed = results.filter((result) => !result.met)
  const written = writeResults('availability', {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    // Other work on the machine shows in the figures: PostgreSQL is another process sharing the cores.
    loadAverage: loadavg().map(round),
    units: unitCount,
    bookingLines: lineCount,
    samples,
    met: missed.length === 0,
    results,
  })
  const load = loadavg().map((value) => value.toFixed(1))
  console.info(`Load average ${load.join(', ')} on ${availableParallelism()} cores.`)
  console.info(
    missed.length === 0
      ? `Every p95 is under its target. Written to ${written}`
      : `Missed a p95 target: ${missed.map((r) => `${r.dialect} ${r.operation}`).join(', ')}`,
  )
  if (missed.length > 0) process.exitCode = 1
}

if (import.meta.main) await main()
