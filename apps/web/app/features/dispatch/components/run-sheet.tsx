import type { DispatchBoard } from '@signalway/shared/field-operations'
import { useCallback } from 'react'
import { Link, useSearchParams } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { getDispatchBoard } from '../api/dispatch.ts'
import { longDay, STOP_KIND_WORDS, stopTime, zoneLabel } from '../board.ts'
import { DISPATCH_MESSAGES } from '../messages.ts'
import { readDispatchChoice } from './dispatch-view.tsx'
import { StopBadges, unitWords } from './stop-card.tsx'

export interface RunSheetApi {
  board: (depotId: number, date: string) => Promise<DispatchBoard>
}

const DEFAULT_API: RunSheetApi = { board: getDispatchBoard }

/** The driver of the address (?driver=12); null when it is not a record id. */
function readDriver(params: URLSearchParams): number | null {
  const driver = Number(params.get('driver'))
  return Number.isSafeInteger(driver) && driver > 0 ? driver : null
}

/**
 * /admin/dispatch/run-sheet/?depotId=&date=&driver= (ADR 050): one driver's stops of a depot's day as saved, in
 * the order of the run, to print (the admin frame, the links and the buttons stay off the paper) for a driver
 * who works from paper, or for the yard's wall.
 */
export function RunSheet({ api = DEFAULT_API }: { api?: RunSheetApi }) {
  const [searchParams] = useSearchParams()
  const { depotId, date } = readDispatchChoice(searchParams)
  const driverId = readDriver(searchParams)
  const complete = depotId !== undefined && date !== undefined && driverId !== null
  const load = useCallback(
    () => (depotId !== undefined && date !== undefined ? api.board(depotId, date) : Promise.resolve(null)),
    [api, depotId, date],
  )
  const { loaded, reload } = useLoaded(load, DISPATCH_MESSAGES.runSheetLoadFailed, 0, complete)
  const back =
    depotId !== undefined && date !== undefined
      ? paths.admin.dispatchDay(depotId, date)
      : paths.admin.dispatch

  const actions = (
    <p className="run-sheet__actions">
      <Link to={back}>Back to Dispatch</Link>
      <button type="button" className="button button--primary" onClick={() => window.print()}>
        Print
      </button>
    </p>
  )
  if (!complete) {
    return (
      <div className="run-sheet">
        {actions}
        <p className="inbox__empty">{DISPATCH_MESSAGES.driverNotFound}</p>
      </div>
    )
  }
  if (loaded.state === 'loading') {
    return (
      <div className="run-sheet">
        {actions}
        <p className="inbox__count" role="status">
          Loading the run sheet…
        </p>
      </div>
    )
  }
  if (loaded.state === 'failed' || loaded.value === null) {
    return (
      <div className="run-sheet">
        {actions}
        <LoadFailed
          message={DISPATCH_MESSAGES.runSheetLoadFailed}
          onRetry={reload}
          className="inbox__empty"
        />
      </div>
    )
  }
  const board = loaded.value
  const driver = board.drivers.find((candidate) => candidate.userId === driverId)
  return (
    <div className="run-sheet">
      {actions}
      {driver ? (
        <RunSheetBody board={board} driverId={driver.userId} driverName={driver.name} />
      ) : (
        <p className="inbox__empty">{DISPATCH_MESSAGES.driverNotFound}</p>
      )}
    </div>
  )
}

function RunSheetBody({
  board,
  driverId,
  driverName,
}: {
  board: DispatchBoard
  driverId: number
  driverName: string
}) {
  const stops = board.stops.filter((stop) => stop.driverUserId === driverId)
  const zone = board.depot.timeZone
  return (
    <>
      <h2 className="run-sheet__title">{`Run sheet: ${driverName}`}</h2>
      <p className="run-sheet__meta">
        {`${board.depot.name} depot, ${longDay(board.date)}. ${stops.length} ${stops.length === 1 ? 'stop' : 'stops'}. Times in ${zoneLabel(zone)}.`}
      </p>
      {stops.length === 0 ? (
        <p className="inbox__empty">{DISPATCH_MESSAGES.noRunStops}</p>
      ) : (
        <AdminTable
          label="Stops"
          caption={`${driverName}'s stops in the order of the run`}
          className="run-sheet__table"
          columns={[
            { label: 'No.' },
            { label: 'Time' },
            { label: 'Stop' },
            { label: 'Site' },
            { label: 'Contact' },
            { label: 'Units' },
            { label: 'Notes' },
          ]}
        >
          {stops.map((stop, index) => (
            <tr key={stop.key}>
              <td data-label="No.">{index + 1}</td>
              <td data-label="Time">
                <time dateTime={stop.at}>{stopTime(stop.at, zone, board.date)}</time>
              </td>
              <td data-label="Stop">
                <div>
                  <span className="run-sheet__kind">{STOP_KIND_WORDS[stop.kind]}</span>{' '}
                  {stop.bookingReference}
                  {stop.offHireNumber ? ` ${stop.offHireNumber}` : ''} <StopBadges stop={stop} />
                </div>
              </td>
              <td data-label="Site">
                <div>
                  <span className="run-sheet__site">{`${stop.accountName}: ${stop.siteName}`}</span>
                  <span className="run-sheet__address">{stop.siteAddress}</span>
                </div>
              </td>
              <td data-label="Contact">
                <div>
                  {stop.contactName}
                  <br />
                  <a href={`tel:${stop.contactPhone.replace(/[^\d+]/g, '')}`}>{stop.contactPhone}</a>
                </div>
              </td>
              <td data-label="Units">{unitWords(stop)}</td>
              <td data-label="Notes">{stop.notes || 'None'}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  )
}
