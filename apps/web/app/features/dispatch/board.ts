import { formatDateTime, formatIsoDay, wallTimeIn } from '@signalway/shared/business-time'
import type { DispatchBoard, DispatchSaveInput, Stop, StopKind } from '@signalway/shared/field-operations'

/*
 * The dispatch board as the dispatcher edits it before saving (ADR 050): lanes of stop keys, one for the stops no
 * driver has and one per driver, each in the order the driver runs them. The board answers the stops by driver,
 * position and time, so its order is each lane's order.
 */

export const UNASSIGNED = 'unassigned'

/** A lane's id: UNASSIGNED, or a driver's user id as a string. */
export type LaneId = string
export type Lanes = Record<LaneId, string[]>

export const laneOf = (driverUserId: number | null): LaneId =>
  driverUserId === null ? UNASSIGNED : String(driverUserId)

export const driverOfLane = (lane: LaneId): number | null => (lane === UNASSIGNED ? null : Number(lane))

/** The lanes of a board as it was answered: Unassigned, then every driver of the depot (empty ones too). */
export function lanesOf(board: Pick<DispatchBoard, 'drivers' | 'stops'>): Lanes {
  const lanes: Lanes = { [UNASSIGNED]: [] }
  for (const driver of board.drivers) lanes[laneOf(driver.userId)] = []
  for (const stop of board.stops) {
    const lane = laneOf(stop.driverUserId)
    lanes[lane] = [...(lanes[lane] ?? []), stop.key]
  }
  return lanes
}

function laneHolding(lanes: Lanes, key: string): LaneId | undefined {
  return Object.keys(lanes).find((lane) => lanes[lane]?.includes(key))
}

/** The stop given to another driver (or to none), last in that driver's run. */
export function assign(lanes: Lanes, key: string, driverUserId: number | null): Lanes {
  const from = laneHolding(lanes, key)
  const to = laneOf(driverUserId)
  if (from === undefined || from === to) return lanes
  return {
    ...lanes,
    [from]: (lanes[from] ?? []).filter((candidate) => candidate !== key),
    [to]: [...(lanes[to] ?? []), key],
  }
}

/** The stop one place earlier (-1) or later (1) in its run; unchanged at either end. */
export function move(lanes: Lanes, key: string, by: -1 | 1): Lanes {
  const lane = laneHolding(lanes, key)
  if (lane === undefined) return lanes
  const keys = [...(lanes[lane] ?? [])]
  const from = keys.indexOf(key)
  const to = from + by
  if (to < 0 || to >= keys.length) return lanes
  keys.splice(from, 1)
  keys.splice(to, 0, key)
  return { ...lanes, [lane]: keys }
}

/** Where a stop stands: its lane and its place in it (0 first). */
export function placeOf(lanes: Lanes, key: string): { lane: LaneId; index: number; of: number } | undefined {
  const lane = laneHolding(lanes, key)
  if (lane === undefined) return undefined
  const keys = lanes[lane] ?? []
  return { lane, index: keys.indexOf(key), of: keys.length }
}

/** Whether the lanes differ from the board's own: something to save. */
export function changed(board: Pick<DispatchBoard, 'drivers' | 'stops'>, lanes: Lanes): boolean {
  const saved = lanesOf(board)
  const ids = new Set([...Object.keys(saved), ...Object.keys(lanes)])
  return [...ids].some((lane) => (saved[lane] ?? []).join('\n') !== (lanes[lane] ?? []).join('\n'))
}

/** What Save sends: every stop of the board with its driver, its place in the run and the version shown. */
export function saveInput(board: DispatchBoard, lanes: Lanes): DispatchSaveInput {
  const versions = new Map(board.stops.map((stop) => [stop.key, stop.version]))
  return {
    depotId: board.depot.id,
    date: board.date,
    stops: [UNASSIGNED, ...Object.keys(lanes).filter((lane) => lane !== UNASSIGNED)].flatMap((lane) =>
      (lanes[lane] ?? [])
        .filter((key) => versions.has(key))
        .map((key, position) => ({
          key,
          driverUserId: driverOfLane(lane),
          position,
          version: versions.get(key) ?? null,
        })),
    ),
  }
}

/**
 * The dispatcher's changes laid on a board loaded again after a refused save (someone else saved meanwhile):
 * the stops they gave another driver or another place keep it, unless the stop has its docket now; every other
 * stop is as the other person saved it, and stops new to the board come in. Save then sends the new versions.
 */
export function rebase(fresh: DispatchBoard, shown: DispatchBoard, draft: Lanes): Lanes {
  const before = lanesOf(shown)
  const freshStops = new Map(fresh.stops.map((stop) => [stop.key, stop]))
  const touched = Object.entries(draft).flatMap(([lane, keys]) => {
    const was = before[lane] ?? []
    // A lane put in another order: its stops that were in it before keep the dispatcher's order.
    const stayed = keys.filter((key) => was.includes(key))
    const reordered = stayed.join('\n') !== was.filter((key) => keys.includes(key)).join('\n')
    return keys
      .map((key, index) => ({ key, lane, index }))
      .filter(({ key }) => !was.includes(key) || reordered)
      .filter(({ key }) => freshStops.get(key)?.status === 'planned')
  })
  const moved = new Set(touched.map((change) => change.key))
  const lanes = lanesOf(fresh)
  for (const lane of Object.keys(lanes)) lanes[lane] = (lanes[lane] ?? []).filter((key) => !moved.has(key))
  for (const { key, lane, index } of touched.sort((a, b) => a.index - b.index)) {
    const keys = lanes[lane] ?? []
    keys.splice(Math.min(index, keys.length), 0, key)
    lanes[lane] = keys
  }
  return lanes
}

export const STOP_KIND_WORDS: Record<StopKind, string> = { delivery: 'Delivery', collection: 'Collection' }

/** How a stop is named in labels and announcements: 'Delivery BK-2026-000012', 'Collection OH-2026-000004'. */
export function stopName(stop: Pick<Stop, 'kind' | 'bookingReference' | 'offHireNumber'>): string {
  return `${STOP_KIND_WORDS[stop.kind]} ${stop.kind === 'collection' && stop.offHireNumber ? stop.offHireNumber : stop.bookingReference}`
}

const pad = (value: number) => String(value).padStart(2, '0')

/** A stop's time in the depot's zone: '06:00' on the board's day, '07/12/2026, 06:00' on another (overdue). */
export function stopTime(at: string, timeZone: string, date: string): string {
  const wall = wallTimeIn(new Date(at), timeZone)
  return formatIsoDay(wall) === date ? `${pad(wall.hour)}:${pad(wall.minute)}` : formatDateTime(at, timeZone)
}

const LONG_DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** 'Tuesday 8 December 2026' of 'YYYY-MM-DD' (read in UTC, so the same in every browser). */
export function longDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return LONG_DAY.format(new Date(Date.UTC(year, month - 1, day)))
}

/** The day it is now in a zone, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return formatIsoDay(wallTimeIn(now, timeZone))
}

/** 'YYYY-MM-DD' `by` days after (before, when negative). */
export function shiftDay(date: string, by: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const shifted = new Date(Date.UTC(year, month - 1, day + by))
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`
}

/** 'Brisbane time' for 'Australia/Brisbane'. */
export function zoneLabel(timeZone: string): string {
  return `${(timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ')} time`
}
