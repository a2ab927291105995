import type { Driver, Stop } from '@signalway/shared/field-operations'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { STOP_KIND_WORDS, stopName, stopTime } from '../board.ts'

/** A stop's facts as the board and the run sheet show them: the units with the ones done already. */
export function unitWords(stop: Pick<Stop, 'kind' | 'units'>): string {
  const done = stop.kind === 'delivery' ? 'delivered' : 'collected'
  return stop.units
    .map((unit) => `${unit.fleetNumber} (${unit.typeName}${unit.done ? `, ${done}` : ''})`)
    .join(', ')
}

/** The badges beside a stop's time: a docket signed, a delivery from an earlier day, night works. */
export function StopBadges({ stop }: { stop: Pick<Stop, 'status' | 'overdue' | 'nightWorks'> }) {
  return (
    <>
      {stop.status === 'done' ? <span className="badge badge--done">Done</span> : null}
      {stop.overdue ? <span className="badge badge--declined">Overdue</span> : null}
      {stop.nightWorks ? <span className="badge badge--waiting">Night works</span> : null}
    </>
  )
}

export interface StopCardProps {
  stop: Stop
  timeZone: string
  date: string
  drivers: readonly Driver[]
  /** 0 first; `of` stops in its lane. */
  index: number
  of: number
  /** The element ids Move up, Move down and the driver select carry, so focus can follow the stop. */
  ids: { up: string; down: string; driver: string }
  disabled: boolean
  onAssign: (driverUserId: number | null) => void
  onMove: (by: -1 | 1) => void
}

/**
 * One stop on the dispatch board: its time in the depot's zone, kind, booking, site and units, the driver it is
 * given to (a select; a stop with its docket keeps its driver) and Move up / Move down in the driver's run. The
 * first cannot go up nor the last down: the buttons say so and stay where they are, as the FAQ list's do.
 */
export function StopCard({
  stop,
  timeZone,
  date,
  drivers,
  index,
  of,
  ids,
  disabled,
  onAssign,
  onMove,
}: StopCardProps) {
  const name = stopName(stop)
  const first = index === 0
  const last = index === of - 1
  const driver = drivers.find((candidate) => candidate.userId === stop.driverUserId)
  return (
    <li className="dispatch-stop">
      <p className="dispatch-stop__head">
        <time className="dispatch-stop__time" dateTime={stop.at}>
          {stopTime(stop.at, timeZone, date)}
        </time>
        <span className="dispatch-stop__kind">{STOP_KIND_WORDS[stop.kind]}</span>
        <Link to={paths.admin.booking(stop.bookingId)}>{stop.bookingReference}</Link>
        {stop.offHireNumber ? <span>{stop.offHireNumber}</span> : null}
        <StopBadges stop={stop} />
      </p>
      <p className="dispatch-stop__site">{`${stop.accountName}: ${stop.siteName}, ${stop.siteAddress}`}</p>
      <p className="dispatch-stop__units">{`Units: ${unitWords(stop)}`}</p>
      <div className="dispatch-stop__controls">
        {stop.status === 'done' ? (
          <p className="dispatch-stop__driver">{`Driver: ${driver?.name ?? 'not at this depot now'}`}</p>
        ) : (
          <div className="field dispatch-stop__driver">
            <label htmlFor={ids.driver} className="field__label">
              Driver<span className="visually-hidden">{` for ${name}`}</span>
            </label>
            <div className="select">
              <select
                id={ids.driver}
                className="input input--select"
                value={stop.driverUserId === null ? '' : String(stop.driverUserId)}
                disabled={disabled}
                onChange={(event) =>
                  onAssign(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
                }
              >
                <option value="">Unassigned</option>
                {drivers.map((candidate) => (
                  <option key={candidate.userId} value={candidate.userId}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
        <span className="dispatch-stop__moves">
          <button
            type="button"
            id={ids.up}
            className="button button--outline button--sm"
            aria-label={`Move up: ${name}`}
            aria-disabled={first || disabled || undefined}
            onClick={() => (first || disabled ? undefined : onMove(-1))}
          >
            Move up
          </button>
          <button
            type="button"
            id={ids.down}
            className="button button--outline button--sm"
            aria-label={`Move down: ${name}`}
            aria-disabled={last || disabled || undefined}
            onClick={() => (last || disabled ? undefined : onMove(1))}
          >
            Move down
          </button>
        </span>
      </div>
    </li>
  )
}
