import { FIELD_MESSAGES, type Run, type RunStopDetail } from '@signalway/shared/field-operations'
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts'
import type { AuthUser } from '../auth/plugin.ts'
import type { FieldDeps } from './deps.ts'
import { toDockets } from './docket-views.ts'
import {
  type DriverRow,
  findDepotRow,
  findDriverRow,
  findDriverStopRows,
  findStopRow,
  listDocketRows,
  type StopRow,
} from './repository.ts'
import { buildStop, loadStopFacts, todayIn } from './stops.ts'

/*
 * The driver's side (ADR 050): only drivers open runs (403 notDriver to anyone else signed in), and a driver reaches
 * only the stops assigned to them (404 stopNotFound for any other, as for an unknown one).
 */

export async function driverOf(deps: FieldDeps, user: AuthUser): Promise<DriverRow> {
  const driver = await findDriverRow(deps.db, Number(user.id))
  if (!driver) throw new ForbiddenError(FIELD_MESSAGES.notDriver)
  return driver
}

/** A stop of the driver's: 404 for any other. */
export async function driversStop(deps: FieldDeps, user: AuthUser, stopId: number): Promise<StopRow> {
  const row = await findStopRow(deps.db, stopId)
  if (!row || row.driver_user_id !== Number(user.id)) throw new NotFoundError(FIELD_MESSAGES.stopNotFound)
  return row
}

/** The driver's stops of a day (today in their depot's zone by default) by position, after those overdue. */
export async function getRun(deps: FieldDeps, user: AuthUser, date: string | undefined): Promise<Run> {
  const driver = await driverOf(deps, user)
  const day = date ?? todayIn(driver.depot_time_zone, deps.clock())
  const rows = await findDriverStopRows(deps.db, driver.user_id, day)
  const facts = await loadStopFacts(
    deps.db,
    rows.map((row) => row.stop_key),
  )
  const stops = rows.flatMap((row) => {
    const overdue = row.run_date < day
    const stop = buildStop(row.stop_key, facts, row, overdue)
    // An earlier day's stop whose units staff marked since is not overdue any more.
    return stop && !(overdue && stop.status === 'done') ? [stop] : []
  })
  return {
    date: day,
    depot: {
      id: driver.depot_id,
      code: driver.depot_code,
      name: driver.depot_name,
      timeZone: driver.depot_time_zone,
    },
    stops,
  }
}

export async function getRunStop(deps: FieldDeps, user: AuthUser, stopId: number): Promise<RunStopDetail> {
  await driverOf(deps, user)
  const row = await driversStop(deps, user, stopId)
  const [facts, depot, dockets] = await Promise.all([
    loadStopFacts(deps.db, [row.stop_key]),
    findDepotRow(deps.db, row.depot_id),
    listDocketRows(deps.db, { stopId: row.id }),
  ])
  const today = depot ? todayIn(depot.time_zone, deps.clock()) : row.run_date
  const stop = buildStop(row.stop_key, facts, row, row.run_date < today)
  if (!stop || !depot) throw new NotFoundError(FIELD_MESSAGES.stopNotFound)
  return {
    stop,
    depot: { id: depot.id, code: depot.code, name: depot.name, timeZone: depot.time_zone },
    dockets: await toDockets(deps.db, dockets),
  }
}
