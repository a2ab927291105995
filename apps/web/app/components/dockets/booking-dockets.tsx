import { formatDateTime } from '@signalway/shared/business-time'
import type { Docket, DocketList } from '@signalway/shared/field-operations'
import { useState } from 'react'
import { failureMessage } from '../../lib/api-client.ts'
import { saveBlob } from '../../lib/save-blob.ts'
import { AdminTable } from '../ui/data-table/admin-table.tsx'
import { LoadFailed } from '../ui/load-failed.tsx'
import { useNotify } from '../ui/notifications/index.ts'
import { useLoaded } from '../ui/use-loaded.ts'

export const DOCKET_SCREEN_MESSAGES = {
  loadFailed: 'Unable to load the dockets.',
  loading: 'Loading the dockets…',
  none: 'No dockets yet.',
  pdfFailed: 'Unable to download the docket.',
  pdfNotReady: 'PDF on its way',
} as const

/** A booking delivered to its site, once confirmed: the only kind a driver signs dockets for. */
export function mayHaveDockets(booking: { delivery: boolean; status: string }): boolean {
  return (
    booking.delivery &&
    ['confirmed', 'on_hire', 'off_hire_requested', 'off_hired', 'closed'].includes(booking.status)
  )
}

const KIND_WORDS: Record<Docket['kind'], string> = { delivery: 'Delivery', collection: 'Collection' }

/** 'docket-DK-2026-000123.pdf'. */
export const docketFilename = (reference: string) => `docket-${reference.replace(/[^\w-]+/g, '')}.pdf`

/**
 * A booking's delivery and collection dockets (ADR 050), for staff on the booking's page and for the account's
 * members in My Account: the reference, the kind, when it was signed (in the depot's zone), who received the units,
 * the units, and the sealed PDF (downloaded with the signed-in person's token; for the few seconds before it is
 * made, it says so).
 */
export function BookingDockets({
  load,
  pdf,
  timeZone,
}: {
  /** Kept stable by the caller (useCallback), or the list loads again on each render. */
  load: () => Promise<DocketList>
  pdf: (docketId: number) => Promise<Blob>
  timeZone: string
}) {
  const notify = useNotify()
  const { loaded, reload } = useLoaded(load, DOCKET_SCREEN_MESSAGES.loadFailed)
  const [downloading, setDownloading] = useState<number | null>(null)
  const download = async (docket: Docket) => {
    setDownloading(docket.id)
    try {
      saveBlob(await pdf(docket.id), docketFilename(docket.reference))
    } catch (error) {
      notify.error(failureMessage(error, DOCKET_SCREEN_MESSAGES.pdfFailed))
    } finally {
      setDownloading(null)
    }
  }
  if (loaded.state === 'loading')
    return (
      <p className="dockets__status" role="status">
        {DOCKET_SCREEN_MESSAGES.loading}
      </p>
    )
  if (loaded.state === 'failed')
    return (
      <LoadFailed message={DOCKET_SCREEN_MESSAGES.loadFailed} onRetry={reload} className="dockets__status" />
    )
  if (loaded.value.items.length === 0) return <p className="dockets__status">{DOCKET_SCREEN_MESSAGES.none}</p>
  return (
    <div className="dockets">
      <AdminTable
        label="Dockets"
        caption="Delivery and collection dockets"
        className="dockets__table"
        columns={[
          { label: 'Docket' },
          { label: 'Kind' },
          { label: 'Signed' },
          { label: 'Received by' },
          { label: 'Units' },
          { label: 'PDF' },
        ]}
      >
        {loaded.value.items.map((docket) => (
          <tr key={docket.id}>
            <td data-label="Docket">{docket.reference}</td>
            <td data-label="Kind">
              {docket.offHireNumber
                ? `${KIND_WORDS[docket.kind]} (${docket.offHireNumber})`
                : KIND_WORDS[docket.kind]}
            </td>
            <td data-label="Signed">
              <time dateTime={docket.at}>{formatDateTime(docket.at, timeZone)}</time>
            </td>
            <td data-label="Received by">{docket.receivedBy}</td>
            <td data-label="Units">
              {docket.units.map((unit) => `${unit.fleetNumber} (${unit.typeName})`).join(', ')}
            </td>
            <td data-label="PDF">
              {docket.pdfReady ? (
                <button
                  type="button"
                  className="link-button"
                  disabled={downloading !== null}
                  aria-busy={downloading === docket.id || undefined}
                  onClick={() => void download(docket)}
                >
                  Download<span className="visually-hidden">{` docket ${docket.reference}`}</span> (PDF)
                </button>
              ) : (
                DOCKET_SCREEN_MESSAGES.pdfNotReady
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  )
}
