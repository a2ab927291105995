import { describe, expect, it } from 'vitest'
import { BOARD, stop } from '../../../test/dispatch.ts'
import {
  assign,
  changed,
  lanesOf,
  longDay,
  move,
  rebase,
  saveInput,
  shiftDay,
  stopName,
  stopTime,
  todayIn,
  UNASSIGNED,
} from './board.ts'

describe('the dispatch board as the dispatcher edits it', () => {
  it('has a lane for the stops no driver has and one per driver, each in the order answered', () => {
    expect(lanesOf(BOARD)).toEqual({
      [UNASSIGNED]: ['delivery:11', 'collection:4', 'delivery:16'],
      '7': ['delivery:13', 'delivery:14'],
      '8': ['delivery:15'],
    })
    expect(lanesOf({ drivers: BOARD.drivers, stops: [] })).toEqual({ [UNASSIGNED]: [], '7': [], '8': [] })
  })

  it('gives a stop to a driver last in their run, and back to none', () => {
    const lanes = assign(lanesOf(BOARD), 'delivery:11', 7)
    expect(lanes['7']).toEqual(['delivery:13', 'delivery:14', 'delivery:11'])
    expect(lanes[UNASSIGNED]).toEqual(['collection:4', 'delivery:16'])
    expect(assign(lanes, 'delivery:11', null)[UNASSIGNED]).toEqual([
      'collection:4',
      'delivery:16',
      'delivery:11',
    ])
    expect(assign(lanes, 'delivery:11', 7)).toBe(lanes)
  })

  it('moves a stop up or down its run, and not past either end', () => {
    const lanes = lanesOf(BOARD)
    expect(move(lanes, 'delivery:14', -1)['7']).toEqual(['delivery:14', 'delivery:13'])
    expect(move(lanes, 'delivery:13', 1)['7']).toEqual(['delivery:14', 'delivery:13'])
    expect(move(lanes, 'delivery:13', -1)).toBe(lanes)
    expect(move(lanes, 'delivery:14', 1)).toBe(lanes)
  })

  it('knows when there is something to save', () => {
    const lanes = lanesOf(BOARD)
    expect(changed(BOARD, lanes)).toBe(false)
    const moved = move(lanes, 'delivery:14', -1)
    expect(changed(BOARD, moved)).toBe(true)
    expect(changed(BOARD, move(moved, 'delivery:14', 1))).toBe(false)
  })

  it('saves every stop with its driver, its place in the run and the version shown', () => {
    const input = saveInput(BOARD, assign(lanesOf(BOARD), 'delivery:11', 7))
    expect(input.depotId).toBe(2)
    expect(input.date).toBe('2026-12-08')
    expect(input.stops).toEqual([
      { key: 'collection:4', driverUserId: null, position: 0, version: null },
      { key: 'delivery:16', driverUserId: null, position: 1, version: null },
      { key: 'delivery:13', driverUserId: 7, position: 0, version: 2 },
      { key: 'delivery:14', driverUserId: 7, position: 1, version: 5 },
      { key: 'delivery:11', driverUserId: 7, position: 2, version: null },
      { key: 'delivery:15', driverUserId: 8, position: 0, version: 1 },
    ])
  })

  it('lays the dispatcher’s changes on the board someone else saved meanwhile, with its versions', () => {
    // Here: 11 to Robin, Dana's run reversed. Meanwhile: 16 given to Dana, 14 done, a new collection.
    let draft = assign(lanesOf(BOARD), 'delivery:11', 8)
    draft = move(draft, 'delivery:14', -1)
    const fresh = {
      ...BOARD,
      stops: [
        stop(11, { version: 1, stopId: 1 }),
        stop(12, { key: 'collection:4', kind: 'collection' as const, version: 1, stopId: 2 }),
        stop(13, { driverUserId: 7, position: 0, stopId: 3, version: 3 }),
        stop(14, { driverUserId: 7, position: 1, stopId: 4, version: 6, status: 'done' as const }),
        stop(16, { driverUserId: 7, position: 2, stopId: 6, version: 1 }),
        stop(15, { driverUserId: 8, position: 0, stopId: 5, version: 1, status: 'done' as const }),
        stop(17, { key: 'collection:9', kind: 'collection' as const }),
      ],
    }
    const lanes = rebase(fresh, BOARD, draft)
    expect(lanes).toEqual({
      [UNASSIGNED]: ['collection:4', 'collection:9'],
      // 14 has its docket now: it stays as saved; 13 keeps its place after it; 16 as the other person gave it.
      '7': ['delivery:14', 'delivery:13', 'delivery:16'],
      '8': ['delivery:15', 'delivery:11'],
    })
    expect(saveInput(fresh, lanes).stops.find((candidate) => candidate.key === 'delivery:13')?.version).toBe(
      3,
    )
  })
})

describe('the words of a stop', () => {
  it('names a delivery by its booking and a collection by its off-hire', () => {
    expect(stopName(stop(11))).toBe('Delivery BK-2026-000011')
    expect(
      stopName({ kind: 'collection', bookingReference: 'BK-2026-000012', offHireNumber: 'OH-2026-000004' }),
    ).toBe('Collection OH-2026-000004')
  })

  it('gives the time in the depot’s zone, with the day when it is another', () => {
    expect(stopTime('2026-12-07T20:00:00.000Z', 'Australia/Brisbane', '2026-12-08')).toBe('06:00')
    // 7 am in Melbourne (UTC+11 in December) is 6 am in Brisbane.
    expect(stopTime('2026-12-07T20:00:00.000Z', 'Australia/Melbourne', '2026-12-08')).toBe('07:00')
    expect(stopTime('2026-12-06T21:00:00.000Z', 'Australia/Brisbane', '2026-12-08')).toBe('07/12/2026, 07:00')
  })

  it('reads days the same in every browser', () => {
    expect(longDay('2026-12-08')).toBe('Tuesday 8 December 2026')
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01')
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
    // 11:30 pm on 7 December in Melbourne is 10:30 pm in Brisbane.
    const late = new Date('2026-12-07T12:30:00.000Z')
    expect(todayIn('Australia/Melbourne', late)).toBe('2026-12-07')
    expect(todayIn('Australia/Brisbane', new Date('2026-12-07T14:30:00.000Z'))).toBe('2026-12-08')
  })
})
