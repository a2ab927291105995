import { businessDay, formatIsoDay } from '@signalway/shared/business-time'
import type {
  UnitDetail,
  UnitFilterQuery,
  UnitImportResult,
  UnitInput,
  UnitList,
  UnitListQuery,
  UnitServiceInput,
} from '@signalway/shared/fleet'
import { type ApiClient, apiClient, type RequestOptions } from '../../../lib/api-client.ts'

/** GET /api/admin/fleet/units: one page of units, searched and filtered. */
export function listUnits(
  query: Partial<UnitListQuery>,
  options?: RequestOptions,
  client: ApiClient = apiClient,
) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return client.get<UnitList>(`/admin/fleet/units${search ? `?${search}` : ''}`, options)
}

/** GET /api/admin/fleet/units/:id: the unit with its service history, newest first. */
export function getUnit(id: number, client: ApiClient = apiClient) {
  return client.get<UnitDetail>(`/admin/fleet/units/${id}`)
}

/** POST /api/admin/fleet/units. */
export function createUnit(input: UnitInput, client: ApiClient = apiClient) {
  return client.post<UnitDetail>('/admin/fleet/units', input)
}

/** PUT /api/admin/fleet/units/:id with the version the person saw (409 if stale). */
export function updateUnit(id: number, input: UnitInput, client: ApiClient = apiClient) {
  return client.put<UnitDetail>(`/admin/fleet/units/${id}`, input)
}

/** POST /api/admin/fleet/units/:id/services: answers the unit with its history. */
export function addUnitService(id: number, input: UnitServiceInput, client: ApiClient = apiClient) {
  return client.post<UnitDetail>(`/admin/fleet/units/${id}/services`, input)
}

/** GET /api/admin/fleet/units.csv: the units of the list's search and filters (no pages) as a CSV blob. */
export function exportUnitsCsv(
  query: Partial<UnitFilterQuery>,
  client: ApiClient = apiClient,
): Promise<Blob> {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return client.get<Blob>(`/admin/fleet/units.csv${search ? `?${search}` : ''}`, {
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  })
}

/** 'fleet-units-2026-11-27.csv' (the business's day). */
export function unitsCsvFilename(now: Date = new Date()): string {
  return `fleet-units-${formatIsoDay(businessDay(now))}.csv`
}

/**
 * POST /api/admin/fleet/units/import with the file's text: `{ imported }`, or a 400 whose body lists every
 * problem by row and column (ApiError.body, unitImportRejectedSchema) with nothing imported.
 */
export function importUnitsCsv(csv: string, client: ApiClient = apiClient) {
  return client.post<UnitImportResult>('/admin/fleet/units/import', { csv })
}

/** POST /api/admin/fleet/labels: the QR label sheet of these units as a PDF blob (retired ones left out). */
export function printUnitLabels(unitIds: readonly number[], client: ApiClient = apiClient): Promise<Blob> {
  return client.post<Blob>(
    '/admin/fleet/labels',
    { unitIds },
    { responseType: 'blob', headers: { Accept: 'application/pdf' } },
  )
}
