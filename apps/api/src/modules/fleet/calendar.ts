import { addDays, type CalendarDay, formatIsoDay, startOfDayIn } from '@signalway/shared/business-time'
import {
  type FleetCalendar,
  type FleetCalendarDay,
  type FleetCalendarQuery,
  FLEET_MESSAGES as MESSAGES,
} from '@signalway/shared/fleet'
import type { Executor } from '../../db/database.ts'
import { BadRequestError, NotFoundError } from '../../lib/errors.ts'
import { freeUnitsOf } from './availability.ts'
import {
  type DepotUnit,
  depotLinesOverlapping,
  depotUnits,
  type HeldPeriod,
} from './availability-repository.ts'
import { findDepot } from './repository.ts'

/*
 * The depot's month calendar (requirements §17, ADR 042): for each type with a unit at the depot and each day of
 * the month in the depot's zone, how many units are free for the whole day out of those not retired. A day is
 * free by the availability rule itself (freeUnitsOf), so the calendar and a booking never disagree. Two queries
 * read the whole depot's month; the lines are then grouped by type, so a day looks only at its own type's lines.
 */

/** 'YYYY-MM' as the first day of that month, or undefined. */
function parseMonth(month: string): CalendarDay | undefined {
  const match = /^(\d{4})-(\d{2})$/u.exec(month)
  if (!match) return undefined
  const [year, monthNumber] = [Number(match[1]), Number(match[2])]
  return monthNumber >= 1 && monthNumber <= 12 ? { year, month: monthNumber, day: 1 } : undefined
}

/** The days of the month the day begins, in order. */
function daysOfMonth(first: CalendarDay): CalendarDay[] {
  const days: CalendarDay[] = []
  for (let day = first; day.month === first.month; day = addDays(day, 1)) days.push(day)
  return days
}

interface TypeOfDepot {
  id: number
  slug: string
  name: string
  units: DepotUnit[]
  lines: HeldPeriod[]
}

/** The depot's units by type, in the order they came (catalogue order), each type with its units' lines. */
function groupByType(units: DepotUnit[], lines: HeldPeriod[]): TypeOfDepot[] {
  const types = new Map<number, TypeOfDepot>()
  const typeOfUnit = new Map<number, TypeOfDepot>()
  for (const unit of units) {
    let type = types.get(unit.type_id)
    if (!type) {
      type = { id: unit.type_id, slug: unit.type_slug, name: unit.type_name, units: [], lines: [] }
      types.set(unit.type_id, type)
    }
    type.units.push(unit)
    typeOfUnit.set(unit.id, type)
  }
  for (const line of lines) typeOfUnit.get(line.unit_id)?.lines.push(line)
  return [...types.values()]
}

/** The calendar of a depot's month: 400 for a month that is not 'YYYY-MM', 404 for an unknown depot. */
export async function depotMonthCalendar(db: Executor, query: FleetCalendarQuery): Promise<FleetCalendar> {
  const first = parseMonth(query.month)
  if (!first) throw new BadRequestError(MESSAGES.monthInvalid)
  const depot = await findDepot(db, query.depotId)
  if (!depot) throw new NotFoundError(MESSAGES.depotNotFound)
  const timeZone = depot.time_zone
  const days = daysOfMonth(first)
  // Each day's start in the depot's zone, and the next month's first: day i is [starts[i], starts[i + 1]).
  const starts = [...days, addDays(days[days.length - 1] as CalendarDay, 1)].map((day) =>
    startOfDayIn(day, timeZone),
  )
  const monthStart = (starts[0] as Date).toISOString()
  const monthEnd = (starts[days.length] as Date).toISOString()
  const [units, lines] = await Promise.all([
    depotUnits(db, depot.id),
    depotLinesOverlapping(db, depot.id, monthStart, monthEnd),
  ])
  return {
    depot: { id: depot.id, code: depot.code, name: depot.name, timeZone },
    month: query.month,
    days: days.map(formatIsoDay),
    types: groupByType(units, lines).map((type) => {
      const total = type.units.length
      const cells = days.map((day, index): FleetCalendarDay => {
        const period = { startsAt: starts[index] as Date, endsAt: starts[index + 1] as Date }
        const free = freeUnitsOf(type.units, type.lines, period, timeZone).length
        return { day: formatIsoDay(day), free, total, cannotBeMet: free === 0 }
      })
      return { id: type.id, slug: type.slug, name: type.name, total, days: cells }
    }),
  }
}
