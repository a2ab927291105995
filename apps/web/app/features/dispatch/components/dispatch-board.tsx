import type { DispatchBoard } from '@signalway/shared/field-operations'
import { FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { ConflictNotice } from '../../../components/back-office/save-errors.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import {
  assign,
  changed,
  driverOfLane,
  type LaneId,
  type Lanes,
  lanesOf,
  move,
  placeOf,
  rebase,
  saveInput,
  stopName,
  UNASSIGNED,
} from '../board.ts'
import { DISPATCH_MESSAGES } from '../messages.ts'
import { StopCard } from './stop-card.tsx'

export interface BoardApi {
  board: (depotId: number, date: string) => Promise<DispatchBoard>
  save: (input: ReturnType<typeof saveInput>) => Promise<DispatchBoard>
}

/** The lanes in the board's order: Unassigned, the depot's drivers, then a driver no longer at the depot. */
function laneOrder(board: DispatchBoard, lanes: Lanes): LaneId[] {
  const drivers = board.drivers.map((driver) => String(driver.userId))
  const others = Object.keys(lanes).filter((lane) => lane !== UNASSIGNED && !drivers.includes(lane))
  return [UNASSIGNED, ...drivers, ...others]
}

/**
 * The stops of one depot's day (ADR 050), as the dispatcher gives them to drivers and orders their runs before
 * saving them all at once with the versions shown. A save refused because someone else saved meanwhile keeps
 * every change made here: the board is loaded again with them on it, to check and save. Nothing above the board
 * moves while it is worked on: what a save says appears in the bar under it.
 */
export function Board({
  initial,
  api,
  onDirty,
}: {
  initial: DispatchBoard
  api: BoardApi
  onDirty: (dirty: boolean) => void
}) {
  const notify = useNotify()
  const idPrefix = useId()
  const [board, setBoard] = useState(initial)
  const [lanes, setLanes] = useState(() => lanesOf(initial))
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState(false)
  const [said, setSaid] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const focusNext = useRef<string | null>(null)
  const dirty = useMemo(() => changed(board, lanes), [board, lanes])
  const stops = useMemo(() => new Map(board.stops.map((stop) => [stop.key, stop])), [board])
  const ids = (key: string) => ({
    up: `${idPrefix}-up-${key}`,
    down: `${idPrefix}-down-${key}`,
    driver: `${idPrefix}-driver-${key}`,
  })
  const laneName = (lane: LaneId) =>
    lane === UNASSIGNED
      ? 'Unassigned'
      : (board.drivers.find((driver) => String(driver.userId) === lane)?.name ??
        'A driver no longer at this depot')

  useEffect(() => onDirty(dirty), [dirty, onDirty])
  // biome-ignore lint/correctness/useExhaustiveDependencies: new lanes are when focus follows the stop moved
  useEffect(() => {
    if (!focusNext.current) return
    document.getElementById(focusNext.current)?.focus()
    focusNext.current = null
  }, [lanes])

  const change = (key: string, next: Lanes, focus: string) => {
    const place = placeOf(next, key)
    const stop = stops.get(key)
    focusNext.current = focus
    setLanes(next)
    setSaid(DISPATCH_MESSAGES.unsaved)
    if (place && stop)
      setAnnouncement(`${stopName(stop)}: ${laneName(place.lane)}, ${place.index + 1} of ${place.of}.`)
  }

  const save = async () => {
    if (saving) return
    setSaving(true)
    try {
      const saved = await api.save(saveInput(board, lanes))
      setBoard(saved)
      setLanes(lanesOf(saved))
      setConflict(false)
      setSaid(DISPATCH_MESSAGES.saved)
      notify.success(DISPATCH_MESSAGES.saved)
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setConflict(true)
        setSaid('')
      } else {
        // A 400 names what to change (a driver no longer at the depot, a stop with its docket).
        const message =
          isApiError(error) && error.status === 400
            ? error.message
            : failureMessage(error, DISPATCH_MESSAGES.saveFailed)
        setSaid(message)
        notify.error(message)
      }
    } finally {
      setSaving(false)
    }
  }

  const reloadKeepingChanges = async () => {
    try {
      const fresh = await api.board(board.depot.id, board.date)
      setLanes(rebase(fresh, board, lanes))
      setBoard(fresh)
      setConflict(false)
      setSaid(DISPATCH_MESSAGES.rebased)
    } catch (error) {
      notify.error(failureMessage(error, DISPATCH_MESSAGES.loadFailed))
    }
  }

  return (
    <div className="dispatch-board" aria-busy={saving || undefined}>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {board.stops.length === 0 ? <p className="inbox__empty">{DISPATCH_MESSAGES.noStops}</p> : null}
      {laneOrder(board, lanes).map((lane) => {
        const keys = lanes[lane] ?? []
        const headingId = `${idPrefix}-lane-${lane}`
        const driverUserId = driverOfLane(lane)
        return (
          <section key={lane} className="dispatch-lane" aria-labelledby={headingId}>
            <div className="dispatch-lane__head">
              <h3 id={headingId} className="dispatch-lane__title">
                {`${laneName(lane)} (${keys.length} ${keys.length === 1 ? 'stop' : 'stops'})`}
              </h3>
              {driverUserId !== null && board.drivers.some((driver) => driver.userId === driverUserId) ? (
                <Link to={paths.admin.runSheet(board.depot.id, board.date, driverUserId)}>
                  Print run sheet<span className="visually-hidden">{` for ${laneName(lane)}`}</span>
                </Link>
              ) : null}
            </div>
            {keys.length === 0 ? (
              <p className="dispatch-lane__empty">No stops.</p>
            ) : (
              <ol className="dispatch-lane__stops">
                {keys.map((key, index) => {
                  const stop = stops.get(key)
                  if (!stop) return null
                  return (
                    <StopCard
                      key={key}
                      stop={{ ...stop, driverUserId }}
                      timeZone={board.depot.timeZone}
                      date={board.date}
                      drivers={board.drivers}
                      index={index}
                      of={keys.length}
                      ids={ids(key)}
                      disabled={saving}
                      onAssign={(driver) => change(key, assign(lanes, key, driver), ids(key).driver)}
                      onMove={(by) =>
                        change(key, move(lanes, key, by), by === -1 ? ids(key).up : ids(key).down)
                      }
                    />
                  )
                })}
              </ol>
            )}
          </section>
        )
      })}
      <div className="dispatch-bar">
        {conflict ? (
          <ConflictNotice
            message={FIELD_MESSAGES.boardConflict}
            reloadLabel="Reload the board"
            onReload={reloadKeepingChanges}
          />
        ) : null}
        <div className="dispatch-bar__row">
          <button
            type="button"
            className="button button--primary"
            disabled={saving}
            aria-busy={saving || undefined}
            onClick={() => void save()}
          >
            Save
          </button>
          <p className="dispatch-bar__said" role="status">
            {said === DISPATCH_MESSAGES.unsaved && !dirty ? '' : said}
          </p>
        </div>
      </div>
    </div>
  )
}
