import type { Docket } from '@signalway/shared/field-operations'
import type { Executor } from '../../db/database.ts'
import { type DocketRow, listDocketLineRows } from './repository.ts'

/* Dockets as the API answers them. */

export function photoIdsOf(row: Pick<DocketRow, 'photo_file_ids'>): string[] {
  const ids = JSON.parse(row.photo_file_ids) as unknown
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
}

/** Dockets with their units, read at once. */
export async function toDockets(db: Executor, rows: readonly DocketRow[]): Promise<Docket[]> {
  const lines = await listDocketLineRows(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    clientId: row.client_id,
    kind: row.kind,
    stopId: row.stop_id,
    bookingId: row.booking_id,
    bookingReference: row.booking_reference,
    offHireNumber: row.off_hire_number,
    at: row.signed_at,
    receivedAt: row.received_at,
    receivedBy: row.received_by,
    driverName: row.driver_name,
    units: lines
      .filter((line) => line.docket_id === row.id)
      .map((line) => ({ fleetNumber: line.fleet_number, typeName: line.type_name })),
    photoCount: photoIdsOf(row).length,
    notes: row.notes,
    pdfReady: row.pdf_file_id !== null,
  }))
}

export async function toDocket(db: Executor, row: DocketRow): Promise<Docket> {
  const [docket] = await toDockets(db, [row])
  if (!docket) throw new Error('docket lost')
  return docket
}
