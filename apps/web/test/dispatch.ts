import type { DispatchBoard, Stop } from '@signalway/shared/field-operations'

/** A board of Molendinar's Tuesday 8 December 2026 (Brisbane, UTC+10) for the dispatch screens' tests. */
export const MOLENDINAR = { id: 2, code: 'MOL', name: 'Molendinar', timeZone: 'Australia/Brisbane' }
export const LAVERTON = { id: 1, code: 'LAV', name: 'Laverton', timeZone: 'Australia/Melbourne' }

export const DANA = { userId: 7, name: 'Dana Driver', email: 'dana@signalway.example', depot: MOLENDINAR }
export const ROBIN = { userId: 8, name: 'Robin Road', email: 'robin@signalway.example', depot: MOLENDINAR }

export function stop(bookingId: number, overrides: Partial<Stop> = {}): Stop {
  return {
    key: `delivery:${bookingId}`,
    stopId: null,
    kind: 'delivery',
    bookingId,
    bookingReference: `BK-2026-0000${bookingId}`,
    offHireNumber: null,
    accountName: 'Harbour Civil Pty Ltd',
    siteName: 'Gold Coast Highway',
    siteAddress: '1 Gold Coast Highway, Southport QLD 4215',
    // 6 am on 8 December in Brisbane.
    at: '2026-12-07T20:00:00.000Z',
    nightWorks: false,
    contactName: 'Pat Site',
    contactPhone: '0412 345 678',
    notes: 'PO-7781',
    units: [
      { lineId: bookingId * 10, fleetNumber: `VMS-${bookingId}01`, typeName: 'VMS board', done: false },
    ],
    driverUserId: null,
    position: 0,
    status: 'planned',
    overdue: false,
    version: null,
    ...overrides,
  }
}

export const BOARD: DispatchBoard = {
  depot: MOLENDINAR,
  depots: [LAVERTON, MOLENDINAR],
  date: '2026-12-08',
  drivers: [DANA, ROBIN],
  stops: [
    stop(11),
    stop(12, {
      key: 'collection:4',
      kind: 'collection',
      offHireNumber: 'OH-2026-000004',
      // 2:30 pm in Brisbane.
      at: '2026-12-08T04:30:00.000Z',
      notes: 'Gate code 4711',
    }),
    stop(13, { driverUserId: 7, position: 0, stopId: 3, version: 2 }),
    stop(14, { driverUserId: 7, position: 1, stopId: 4, version: 5, nightWorks: true }),
    stop(15, {
      driverUserId: 8,
      position: 0,
      stopId: 5,
      version: 1,
      status: 'done',
      units: [{ lineId: 150, fleetNumber: 'VMS-1501', typeName: 'VMS board', done: true }],
    }),
    // Due yesterday, not delivered yet.
    stop(16, { at: '2026-12-06T21:00:00.000Z', overdue: true }),
  ],
}
