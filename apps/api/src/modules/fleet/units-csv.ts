import { parseIsoDay } from '@signalway/shared/business-time'
import {
  FLEET_LIMITS,
  FLEET_MESSAGES,
  FLEET_NUMBER_PATTERN,
  MAX_IMPORT_ROWS,
  UNIT_CSV_MESSAGES as MESSAGES,
  UNIT_CSV_COLUMNS,
  UNIT_STATUSES,
  type UnitCsvColumn,
  type UnitFilterQuery,
  type UnitImportError,
  type UnitStatus,
} from '@signalway/shared/fleet'
import type { Executor } from '../../db/database.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { parseCsv, toCsv, unneutralised } from '../../lib/csv.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import {
  findAllUnits,
  findTakenFleetNumbers,
  insertUnits,
  listDepots,
  listEquipmentTypes,
} from './repository.ts'
import type { FleetDeps } from './types.ts'

/*
 * The units as CSV (ADR 043). The export writes the columns of UNIT_CSV_COLUMNS for a filter of the units'
 * list; the import reads the same columns (in any order) and adds every row as a new unit, or none: each
 * row is checked, every problem is answered by row and column (row 1 is the header, as a spreadsheet
 * numbers them), and the units are written in one transaction only when there is none. Each imported
 * unit gets its own audit entry ('unit.create', marked as imported), so a unit's history reads the same
 * however it was added.
 */

/** The most units one export holds: the whole fleet, with room. */
export const CSV_EXPORT_MAX_ROWS = 50_000

export interface CsvExport {
  filename: string
  body: string
}

export async function exportUnitsCsv({ db, clock }: FleetDeps, query: UnitFilterQuery): Promise<CsvExport> {
  const filter = { ...query, search: query.search || undefined }
  const rows = await findAllUnits(db, filter, CSV_EXPORT_MAX_ROWS)
  const body = toCsv(
    UNIT_CSV_COLUMNS,
    rows.map((row) => [
      row.fleet_number,
      row.type_slug,
      row.depot_code,
      row.registration_or_serial,
      row.status,
      row.next_service_due,
    ]),
  )
  return { filename: `fleet-units-${clock().toISOString().slice(0, 10)}.csv`, body }
}

/** A row that passed every check, with its line in the file. */
interface CheckedRow {
  row: number
  fleetNumber: string
  typeId: number
  typeName: string
  depotId: number
  depotCode: string
  registrationOrSerial: string
  status: UnitStatus
  nextServiceDue: string | null
}

export type ImportOutcome = { imported: number } | { errors: UnitImportError[] }

/** What the rows name, looked up once: types by slug, depots by code. */
interface References {
  types: Map<string, { id: number; name: string }>
  depots: Map<string, number>
}

export async function importUnitsCsv(
  deps: FleetDeps,
  csv: string,
  actor: AuthUser,
  context: AuditContext,
): Promise<ImportOutcome> {
  const table = readTable(csv)
  if ('fileErrors' in table) return { errors: table.fileErrors }
  const references = await loadReferences(deps.db)
  const errors: UnitImportError[] = [...table.errors]
  const rows: CheckedRow[] = []
  for (const [index, cells] of table.rows) {
    const checked = checkRow(index, cells, references, errors)
    if (checked) rows.push(checked)
  }
  checkRepeatedNumbers(rows, errors)
  await checkTakenNumbers(deps.db, rows, errors)
  if (errors.length > 0) return { errors: sortErrors(errors) }
  try {
    await insertAll(deps, rows, actor, context)
  } catch (error) {
    // Another save took one of the numbers since the check: the same answer as the check gives.
    if (isUniqueViolation(error))
      return { errors: [{ row: 1, column: null, message: FLEET_MESSAGES.fleetNumberTaken }] }
    throw error
  }
  return { imported: rows.length }
}

type Cells = Record<UnitCsvColumn, string>

/**
 * The data rows (by their row number) with a cell per column and the rows that have not as many cells as
 * the header, or what is wrong with the file as a whole (then no row is checked).
 */
function readTable(
  csv: string,
): { rows: [number, Cells][]; errors: UnitImportError[] } | { fileErrors: UnitImportError[] } {
  const parsed = parseCsv(csv)
  if (!parsed.ok)
    return { fileErrors: [{ row: parsed.record, column: null, message: MESSAGES.unclosedQuote }] }
  const [header, ...records] = parsed.records
  if (!header) return { fileErrors: [{ row: 1, column: null, message: MESSAGES.empty }] }
  const columns = header.map((name) => name.trim().toLowerCase())
  const headerErrors = [
    ...UNIT_CSV_COLUMNS.filter((column) => !columns.includes(column)).map((column) =>
      MESSAGES.headerMissing(column),
    ),
    ...columns
      .filter((column) => !(UNIT_CSV_COLUMNS as readonly string[]).includes(column))
      .map((column) => MESSAGES.headerUnknown(column)),
  ].map((message) => ({ row: 1, column: null, message }))
  if (headerErrors.length > 0) return { fileErrors: headerErrors }
  const rows: [number, Cells][] = []
  const errors: UnitImportError[] = []
  records.forEach((record, index) => {
    const row = index + 2
    if (record.length === 1 && record[0]?.trim() === '') return
    if (record.length !== columns.length) {
      errors.push({ row, column: null, message: MESSAGES.cellCount(columns.length, record.length) })
      return
    }
    const cells = Object.fromEntries(
      columns.map((column, at) => [column, unneutralised(record[at] ?? '').trim()]),
    )
    rows.push([row, cells as Cells])
  })
  if (rows.length === 0 && errors.length === 0)
    return { fileErrors: [{ row: 1, column: null, message: MESSAGES.empty }] }
  if (rows.length + errors.length > MAX_IMPORT_ROWS) {
    return { fileErrors: [{ row: MAX_IMPORT_ROWS + 2, column: null, message: MESSAGES.tooManyRows }] }
  }
  return { rows, errors }
}

async function loadReferences(db: Executor): Promise<References> {
  const [types, depots] = await Promise.all([listEquipmentTypes(db), listDepots(db)])
  return {
    types: new Map(types.map((type) => [type.slug, { id: type.id, name: type.name }])),
    depots: new Map(depots.map((depot) => [depot.code, depot.id])),
  }
}

/** One row's cells checked on their own; its problems go to `errors`. */
function checkRow(
  row: number,
  cells: Cells,
  references: References,
  errors: UnitImportError[],
): CheckedRow | undefined {
  const before = errors.length
  const fail = (column: UnitCsvColumn, message: string) => errors.push({ row, column, message })
  const fleetNumber = cells.fleet_number.toUpperCase()
  if (!FLEET_NUMBER_PATTERN.test(fleetNumber)) fail('fleet_number', FLEET_MESSAGES.fleetNumberInvalid)
  const type = references.types.get(cells.type_slug.toLowerCase())
  if (!type) fail('type_slug', MESSAGES.typeUnknown(cells.type_slug))
  const depotId = references.depots.get(cells.depot_code.toUpperCase())
  if (depotId === undefined) fail('depot_code', MESSAGES.depotUnknown(cells.depot_code))
  const serial = cells.registration_or_serial
  if (serial === '') fail('registration_or_serial', FLEET_MESSAGES.serialRequired)
  else if (serial.length > FLEET_LIMITS.serialMax)
    fail('registration_or_serial', FLEET_MESSAGES.serialTooLong)
  const status = cells.status.toLowerCase() as UnitStatus
  if (!UNIT_STATUSES.includes(status)) fail('status', MESSAGES.statusInvalid)
  const due = cells.next_service_due
  if (due !== '' && parseIsoDay(due) === undefined) fail('next_service_due', FLEET_MESSAGES.dateInvalid)
  if (errors.length > before || !type || depotId === undefined) return undefined
  return {
    row,
    fleetNumber,
    typeId: type.id,
    typeName: type.name,
    depotId,
    depotCode: cells.depot_code.toUpperCase(),
    registrationOrSerial: serial,
    status,
    nextServiceDue: due === '' ? null : due,
  }
}

/** A fleet number twice in the file: each later row names the first. */
function checkRepeatedNumbers(rows: readonly CheckedRow[], errors: UnitImportError[]): void {
  const first = new Map<string, number>()
  for (const { row, fleetNumber } of rows) {
    const earlier = first.get(fleetNumber)
    if (earlier === undefined) first.set(fleetNumber, row)
    else errors.push({ row, column: 'fleet_number', message: MESSAGES.fleetNumberRepeated(earlier) })
  }
}

async function checkTakenNumbers(db: Executor, rows: readonly CheckedRow[], errors: UnitImportError[]) {
  const taken = new Set(await findTakenFleetNumbers(db, [...new Set(rows.map((row) => row.fleetNumber))]))
  for (const { row, fleetNumber } of rows) {
    if (taken.has(fleetNumber))
      errors.push({ row, column: 'fleet_number', message: FLEET_MESSAGES.fleetNumberTaken })
  }
}

/** By row, then in the file's column order. */
function sortErrors(errors: UnitImportError[]): UnitImportError[] {
  const order = (column: string | null) =>
    column === null ? -1 : UNIT_CSV_COLUMNS.indexOf(column as UnitCsvColumn)
  return errors.sort((a, b) => a.row - b.row || order(a.column) - order(b.column))
}

/** Every unit and its audit entry, in one transaction: all of them or none. */
async function insertAll(
  { db, clock }: FleetDeps,
  rows: readonly CheckedRow[],
  actor: AuthUser,
  context: AuditContext,
): Promise<void> {
  const now = clock()
  const values = rows.map((row) => ({
    fleet_number: row.fleetNumber,
    type_id: row.typeId,
    depot_id: row.depotId,
    registration_or_serial: row.registrationOrSerial,
    status: row.status,
    next_service_due: row.nextServiceDue,
    version: 1,
    created_at: toTimestamp(now),
    updated_at: toTimestamp(now),
  }))
  await db.transaction().execute(async (trx) => {
    const ids = await insertUnits(trx, values)
    for (const [index, row] of rows.entries()) {
      await writeAudit(trx, {
        actor,
        action: 'unit.create',
        targetType: 'unit',
        targetId: String(ids[index]),
        before: null,
        after: {
          fleetNumber: row.fleetNumber,
          type: row.typeName,
          depot: row.depotCode,
          registrationOrSerial: row.registrationOrSerial,
          status: row.status,
          nextServiceDue: row.nextServiceDue,
          importedFromCsv: true,
        },
        ...context,
        at: now,
      })
    }
  })
}
