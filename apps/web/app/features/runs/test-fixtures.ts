import type { Docket, DocketInput, Run, RunStopDetail, Stop } from '@signalway/shared/field-operations'

/* A driver's day for the runs tests: a Laverton depot (Melbourne time), a delivery of three units and a collection. */

export const DEPOT = { id: 1, code: 'LAV', name: 'Laverton', timeZone: 'Australia/Melbourne' }

export const DELIVERY: Stop = {
  key: 'delivery:12',
  stopId: 31,
  kind: 'delivery',
  bookingId: 12,
  bookingReference: 'BK-2026-000012',
  offHireNumber: null,
  accountName: 'Corio Civil Pty Ltd',
  siteName: 'Geelong ring road',
  siteAddress: '12 Moorabool Street, Geelong VIC 3220',
  // 07:00 in Melbourne on 2 March 2026 (AEDT, UTC+11).
  at: '2026-03-01T20:00:00.000Z',
  nightWorks: false,
  contactName: 'Sam Site',
  contactPhone: '0412 345 678',
  notes: 'PO PO-GEE-77. Gate 3.',
  units: [
    { lineId: 101, fleetNumber: 'VMS-012', typeName: 'VMS board, full matrix', done: false },
    { lineId: 102, fleetNumber: 'VMS-013', typeName: 'VMS board, full matrix', done: false },
    { lineId: 103, fleetNumber: 'TL-004', typeName: 'Portable traffic lights (pair)', done: true },
  ],
  driverUserId: 41,
  position: 0,
  status: 'planned',
  overdue: false,
  version: 1,
}

export const COLLECTION: Stop = {
  ...DELIVERY,
  key: 'collection:5',
  stopId: 32,
  kind: 'collection',
  offHireNumber: 'OH-2026-000005',
  siteName: 'Werribee bypass',
  siteAddress: '1 Princes Highway, Werribee VIC 3030',
  at: '2026-03-02T03:30:00.000Z',
  notes: '',
  units: [{ lineId: 201, fleetNumber: 'AB-002', typeName: 'Arrow board', done: true }],
  position: 1,
  status: 'done',
}

export const RUN: Run = { date: '2026-03-02', depot: DEPOT, stops: [DELIVERY, COLLECTION] }

export const DETAIL: RunStopDetail = { stop: DELIVERY, depot: DEPOT, dockets: [] }

export function receiptFor(input: DocketInput): { docket: Docket } {
  return {
    docket: {
      id: 9,
      reference: 'DK-2026-000009',
      clientId: input.clientId,
      kind: 'delivery',
      stopId: input.stopId,
      bookingId: 12,
      bookingReference: 'BK-2026-000012',
      offHireNumber: null,
      at: input.at,
      receivedAt: input.at,
      receivedBy: input.receivedBy,
      driverName: 'Dana Driver',
      units: input.fleetNumbers.map((fleetNumber) => ({ fleetNumber, typeName: 'VMS board, full matrix' })),
      photoCount: input.photos?.length ?? 0,
      notes: input.notes ?? '',
      pdfReady: false,
    },
  }
}
