/**
 * npm run bench:billing: the billing run (ADR 051) over 2,000 accounts with 10 units on hire each, and the invoice
 * PDF, on SQLite and on PostgreSQL.
 *
 * For each dialect: a fresh database (a temporary SQLite file; a new schema of TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, dropped afterwards), migrated by the app's migrator; the accounts (each
 * with its credit application, billed monthly on the 1st), a booking each with 10 VMS boards on hire since 20
 * October (with delivery and collection fees), inserted in batches. Then one billing run as at 2 December: every
 * account has October's and November's periods to invoice (4,000 invoices, 40,000 lines), each in its own
 * transaction. Target: under 60 s. Then the sealed PDF of the first invoices, one after another (target: median
 * under 100 ms).
 *
 *   node bench/billing.ts [--accounts N] [--units N] [--pdfs N] [--dialect sqlite|postgres]
 *
 * Prints a table and writes bench/results/billing.json; exits 1 when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import pino from 'pino'
import { DEMO_BANK } from '../apps/api/src/config.ts'
import { createDatabase } from '../apps/api/src/db/database.ts'
import { migrateToLatest } from '../apps/api/src/db/migrator.ts'
import type { DB } from '../apps/api/src/db/schema.ts'
import type { BillingDeps } from '../apps/api/src/modules/billing/deps.ts'
import { storeDocumentPdf } from '../apps/api/src/modules/billing/document-file.ts'
import { runBillingAsAt } from '../apps/api/src/modules/billing/run.ts'
import { createPdfSealer } from '../apps/api/src/modules/credit/pdf/seal.ts'
import { insertFile } from '../apps/api/src/modules/files/repository.ts'
import { argument } from './lib/args.ts'
import { withPg } from './lib/pg.ts'
import { writeResults } from './lib/results.ts'
import { median } from './lib/stats.ts'

type Dialect = 'sqlite' | 'postgres'
type Db = Kysely<DB>

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test'
const TARGET_RUN_S = 60
const TARGET_PDF_MEDIAN_MS = 100
const ON_HIRE = '2026-10-19T22:00:00.000Z'
const AS_AT = new Date('2026-12-02T00:00:00.000Z')
const BATCH = 400

async function inBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<number[]>,
): Promise<number[]> {
  const ids: number[] = []
  for (let index = 0; index < rows.length; index += BATCH)
    ids.push(...(await insert(rows.slice(index, index + BATCH))))
  return ids
}

const idsOf = (rows: { id: number | string }[]) => rows.map((row) => Number(row.id))

async function seedAccounts(db: Db, count: number, now: string): Promise<number[]> {
  const file = {
    id: await insertFile(
      db,
      { name: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF') },
      new Date(now),
    ),
  }
  const payload = JSON.stringify({
    section1: {
      postalAddress: {
        streetNumber: '12',
        streetName: 'Hill Street',
        city: 'Laverton',
        state: 'VIC',
        postcode: '3028',
      },
    },
  })
  const applications = await inBatches(
    Array.from({ length: count }, (_, n) => n),
    async (batch) =>
      idsOf(
        await db
          .insertInto('credit_applications')
          .values(
            batch.map((n) => ({
              reference: `CA-2026-B${String(n).padStart(7, '0')}`,
              business_name: `Bench Civil ${n}`,
              abn: '51 824 753 556',
              abn_digits: '51824753556',
              customer_type: 1,
              applicant_name: 'Bench Applicant',
              email: `ap${n}@bench.example`,
              payload,
              payload_sha256: '0'.repeat(64),
              submitted_at: now,
              ip: '127.0.0.1',
              user_agent: 'bench',
              pdf_file_id: file.id,
              status: 'approved',
            })),
          )
          .returning('id')
          .execute(),
      ),
  )
  return inBatches(
    applications.map((applicationId, n) => ({ applicationId, n })),
    async (batch) =>
      idsOf(
        await db
          .insertInto('customer_accounts')
          .values(
            batch.map(({ applicationId, n }) => ({
              account_number: `SW-${20_000 + n}`,
              credit_application_id: applicationId,
              credit_application_reference: `CA-2026-B${String(n).padStart(7, '0')}`,
              legal_name: `Bench Civil ${n} Pty Ltd`,
              trading_name: `Bench Civil ${n}`,
              abn: '51 824 753 556',
              abn_digits: '51824753556',
              acn: null,
              credit_limit_cents: 10_000_000,
              payment_terms_days: 30,
              billing_email: `ap${n}@bench.example`,
              invoice_delivery: 0,
              po_required: 0,
              on_hold: 0,
              hold_reason: null,
              billing_cycle: 'monthly' as const,
              billing_day_of_month: 1,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute(),
      ),
  )
}

async function seedHires(
  db: Db,
  accountIds: readonly number[],
  unitsEach: number,
  now: string,
): Promise<void> {
  const depot = await db.selectFrom('depots').select('id').orderBy('id').executeTakeFirstOrThrow()
  const type = await db
    .insertInto('equipment_types')
    .values({
      slug: 'bench-vms',
      service_slug: 'vms-boards',
      name: 'VMS board',
      description: 'A VMS board.',
      specifications: '[]',
      image_media_id: null,
      day_rate_cents: 18_000,
      week_rate_cents: 95_000,
      minimum_days: 1,
      price_public: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const sites = await inBatches([...accountIds], async (batch) =>
    idsOf(
      await db
        .insertInto('customer_account_sites')
        .values(
          batch.map((id) => ({
            account_id: id,
            name: 'Monash Freeway',
            full_address: '1 Hill St, Oakleigh VIC 3166',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute(),
    ),
  )
  const bookings = await inBatches(
    accountIds.map((accountId, n) => ({ accountId, n, siteId: sites[n] as number })),
    async (batch) =>
      idsOf(
        await db
          .insertInto('bookings')
          .values(
            batch.map(({ accountId, n, siteId }) => ({
              reference: `BK-2026-${String(500_000 + n)}`,
              account_id: accountId,
              site_id: siteId,
              depot_id: depot.id,
              ordered_by: null,
              ordered_by_name: 'Bench Orderer',
              status: 'on_hire' as const,
              staff_check: null,
              starts_at: ON_HIRE,
              ends_at: '2027-06-01T00:00:00.000Z',
              delivery: 1,
              site_contact_name: 'Pat',
              site_contact_phone: '0412 345 678',
              po_number: `PO-${n}`,
              job_reference: null,
              delivery_fee_cents: 15_000,
              collection_fee_cents: 15_000,
              subtotal_cents: 0,
              gst_cents: 0,
              total_cents: 0,
              terms_version: 'bench',
              terms_sha256: '0'.repeat(64),
              accepted_name: 'Bench',
              accepted_at: now,
              accepted_ip: '127.0.0.1',
              agreement_file_id: null,
              approved_by: null,
              approved_at: null,
              decided_by: null,
              decided_at: null,
              decline_reason: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute(),
      ),
  )
  const items = await inBatches([...bookings], async (batch) =>
    idsOf(
      await db
        .insertInto('booking_items')
        .values(
          batch.map((bookingId) => ({
            booking_id: bookingId,
            equipment_type_id: type.id,
            description: 'VMS board',
            quantity: unitsEach,
            day_rate_cents: 18_000,
            week_rate_cents: 95_000,
            minimum_days: 1,
            subtotal_cents: 0,
          })),
        )
        .returning('id')
        .execute(),
    ),
  )
  const units = await inBatches(
    Array.from({ length: bookings.length * unitsEach }, (_, n) => n),
    async (batch) =>
      idsOf(
        await db
          .insertInto('units')
          .values(
            batch.map((n) => ({
              fleet_number: `VMS-${String(n).padStart(6, '0')}`,
              type_id: type.id,
              depot_id: depot.id,
              registration_or_serial: `SN${n}`,
              status: 'available' as const,
              next_service_due: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute(),
      ),
  )
  await inBatches(
    units.map((unitId, n) => ({ unitId, booking: Math.floor(n / unitsEach) })),
    async (batch) => {
      await db
        .insertInto('booking_lines')
        .values(
          batch.map(({ unitId, booking }) => ({
            unit_id: unitId,
            starts_at: ON_HIRE,
            ends_at: '2027-06-01T00:00:00.000Z',
            booking_ref: `BK-2026-${String(500_000 + booking)}`,
            booking_id: bookings[booking] as number,
            booking_item_id: items[booking] as number,
            on_hire_at: ON_HIRE,
            created_at: now,
          })),
        )
        .execute()
      return []
    },
  )
}

interface Result {
  dialect: Dialect
  accounts: number
  lines: number
  invoices: number
  runSeconds: number
  pdfMedianMs: number
  pdfs: number
}

async function runDialect(
  dialect: Dialect,
  accounts: number,
  unitsEach: number,
  pdfs: number,
): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'signalway-bench-billing-'))
  const baseUrl = process.env.TEST_DATABASE_URL || DEFAULT_PG_URL
  const schema = `bench_billing_${process.pid}`
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
    const now = new Date().toISOString()
    const accountIds = await seedAccounts(database.db, accounts, now)
    await seedHires(database.db, accountIds, unitsEach, now)
    await database.optimize()
    const deps: BillingDeps = {
      db: database.db,
      clock: () => AS_AT,
      seal: createPdfSealer({ password: 'bench', demoPath: join(dataDir, 'seal.p12') }),
      log: pino({ level: 'warn' }),
      bank: DEMO_BANK,
    }
    const started = performance.now()
    const outcome = await runBillingAsAt(deps, AS_AT)
    const runSeconds = (performance.now() - started) / 1000
    if (outcome.failed > 0) throw new Error(`${outcome.failed} pieces failed`)
    await deps.seal.identity()
    const times: number[] = []
    for (const id of outcome.invoiceIds.slice(0, pdfs)) {
      const start = performance.now()
      if (!(await storeDocumentPdf(deps, 'invoices', id))) throw new Error(`no PDF for invoice ${id}`)
      times.push(performance.now() - start)
    }
    return {
      dialect,
      accounts,
      lines: accounts * unitsEach,
      invoices: outcome.invoices,
      runSeconds: Number(runSeconds.toFixed(2)),
      pdfMedianMs: Number(median(times).toFixed(1)),
      pdfs: times.length,
    }
  } finally {
    await database.close()
    if (dialect === 'postgres')
      await withPg(baseUrl, (client) => client.query(`drop schema if exists ${schema} cascade`))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const accounts = Number(argument('--accounts') ?? 2_000)
  const unitsEach = Number(argument('--units') ?? 10)
  const pdfs = Number(argument('--pdfs') ?? 50)
  const only = argument('--dialect') as Dialect | undefined
  const results: Result[] = []
  for (const dialect of only ? [only] : (['sqlite', 'postgres'] as const))
    results.push(await runDialect(dialect, accounts, unitsEach, pdfs))
  // biome-ignore lint/suspicious/noConsole: the benchmark's report is this table.
  console.table(results)
  writeResults('billing', {
    targets: { runSeconds: TARGET_RUN_S, pdfMedianMs: TARGET_PDF_MEDIAN_MS },
    results,
  })
  const missed = results.some((r) => r.runSeconds >= TARGET_RUN_S || r.pdfMedianMs >= TARGET_PDF_MEDIAN_MS)
  if (missed) process.exitCode = 1
}

await main()
