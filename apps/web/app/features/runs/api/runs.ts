import type { DocketInput, DocketReceipt, Run, RunStopDetail } from '@signalway/shared/field-operations'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/*
 * The driver's calls (ADR 050). None of them sends the driver to the maintenance or access-denied page by itself
 * (`redirect: false`): without coverage the page shows what the phone kept, and a 403 is the runs page's to explain.
 */

/** A header the runs service worker adds to an answer it gave from its cache: when the answer was saved. */
export const SAVED_AT_HEADER = 'x-runs-saved-at'

export interface Answer<T> {
  data: T
  /** When the phone saved this answer, if it came from the phone (no coverage); undefined when it is fresh. */
  savedAt: string | undefined
}

async function read<T>(client: ApiClient, path: string): Promise<Answer<T>> {
  let savedAt: string | undefined
  const data = await client.get<T>(path, {
    redirect: false,
    onHeaders: (headers) => {
      savedAt = headers.get(SAVED_AT_HEADER) ?? undefined
    },
  })
  return { data, savedAt }
}

/** GET /api/runs: the driver's stops of the day (today at their depot without a date), with earlier ones not done. */
export function getRun(date?: string, client: ApiClient = apiClient): Promise<Answer<Run>> {
  return read<Run>(client, date ? `/runs?date=${encodeURIComponent(date)}` : '/runs')
}

/** GET /api/runs/stops/:stopId: one stop with its units and the dockets it has. */
export function getRunStop(stopId: number, client: ApiClient = apiClient): Promise<Answer<RunStopDetail>> {
  return read<RunStopDetail>(client, `/runs/stops/${encodeURIComponent(String(stopId))}`)
}

/** POST /api/runs/dockets: 201 saved now, 200 when its clientId arrived before (the same docket). */
export function postDocket(input: DocketInput, client: ApiClient = apiClient): Promise<DocketReceipt> {
  return client.post<DocketReceipt>('/runs/dockets', input, { redirect: false })
}
