import type { Run, RunStopDetail, Stop } from '@signalway/shared/field-operations'
import { useCallback, useEffect, useState } from 'react'
import { type ApiError, isApiError, serverMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { type Answer, getRun, getRunStop } from '../api/runs.ts'
import { appFiles, keepForOffline, RUNS_FILES, workerControls } from '../offline.ts'
import type { OutboxSnapshot, QueuedDocket } from '../outbox.ts'
import { useKeepSending, useOutbox } from '../use-outbox.ts'
import { dayWords, queueWords, timeAt } from '../words.ts'
import { StopCard, type StopState } from './stop-card.tsx'

export const RUN_WORDS = {
  loading: 'Loading your run…',
  loadFailed: 'Your run could not be loaded. Check your coverage and try again.',
  notSaved: 'No coverage, and your run is not saved on this phone yet. Open it once with coverage.',
  empty: 'No stops for you today.',
} as const

type Page =
  | { state: 'loading' }
  | { state: 'ready'; run: Run; savedAt: string | undefined }
  | { state: 'failed'; message: string }

/** How a stop stands: a docket to fix or waiting on the phone first, then what the server says. */
export function stopState(stop: Stop, queued: readonly QueuedDocket[]): StopState {
  const mine = queued.filter((item) => item.stopId === stop.stopId)
  if (mine.some((item) => item.refused)) return 'refused'
  if (mine.length > 0) return 'waiting'
  if (stop.status === 'done' || (stop.units.length > 0 && stop.units.every((unit) => unit.done)))
    return 'done'
  return 'todo'
}

export interface RunPageProps {
  userId: string | undefined
  /** A 403: this person is not a driver (the route shows the access-denied page with the server's words). */
  onForbidden: (message: string | undefined) => void
  load?: (date?: string) => Promise<Answer<Run>>
  loadStop?: (stopId: number) => Promise<Answer<RunStopDetail>>
  /** Asks for anything else a page of the app needs offline (the driver's profile), through the worker. */
  keepMore?: () => Promise<unknown>
}

/**
 * The line over the stops: what waits on the phone. It is sent by itself (at once, when the phone is online again and
 * every 30 s); the line keeps the height of two lines whatever it says, so the stops do not move when it changes.
 */
function QueueLine({ snapshot, userId }: { snapshot: OutboxSnapshot; userId: string | undefined }) {
  const mine = snapshot.queued.filter((item) => item.userId === userId)
  const refused = mine.filter((item) => item.refused).length
  const waiting = mine.length - refused
  return (
    <p className={`run-queue${waiting + refused > 0 ? ' run-queue--waiting' : ''}`} role="status">
      {queueWords(waiting, refused)}
    </p>
  )
}

/** Keeps the stops' pages, their answers and the app's files on the phone while there is coverage. */
function useKeptForOffline(
  page: Page,
  loadStop: RunPageProps['loadStop'],
  keepMore: RunPageProps['keepMore'],
) {
  useEffect(() => {
    if (page.state !== 'ready' || page.savedAt) return
    let cancelled = false
    const stops = page.run.stops.flatMap((stop) => (stop.stopId === null ? [] : [stop.stopId]))
    void keepForOffline([
      paths.runs,
      ...stops.map((id) => paths.runStop(id)),
      ...RUNS_FILES,
      ...appFiles(window),
    ])
    if (!workerControls()) return
    void (async () => {
      // One after another: a weak signal is not asked for everything at once. Each answer passes the worker.
      for (const id of stops) {
        if (cancelled) return
        await loadStop?.(id).catch(() => undefined)
      }
      await keepMore?.().catch(() => undefined)
    })()
    return () => {
      cancelled = true
    }
  }, [page, loadStop, keepMore])
}

/**
 * `/runs/` (ADR 050): the driver's stops of the day in order, with the dockets the phone still has to send. Without
 * coverage, the run as the phone saved it, said so.
 */
export function RunPage({
  userId,
  onForbidden,
  load = getRun,
  loadStop = getRunStop,
  keepMore,
}: RunPageProps) {
  const { outbox, snapshot } = useOutbox()
  useKeepSending(outbox, userId)
  const [page, setPage] = useState<Page>({ state: 'loading' })

  const fetchRun = useCallback(() => {
    load().then(
      ({ data, savedAt }) => setPage({ state: 'ready', run: data, savedAt }),
      (error: unknown) => {
        if (isApiError(error) && error.status === 403) return onForbidden(serverMessage(error as ApiError))
        const offline = isApiError(error) && error.status === 0
        setPage({ state: 'failed', message: offline ? RUN_WORDS.notSaved : RUN_WORDS.loadFailed })
      },
    )
  }, [load, onForbidden])

  useEffect(fetchRun, [fetchRun])
  // The first visit: once the worker has taken the page over, the run is asked again so that it keeps it.
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
    const container = navigator.serviceWorker
    container.addEventListener('controllerchange', fetchRun)
    return () => container.removeEventListener('controllerchange', fetchRun)
  }, [fetchRun])
  useKeptForOffline(page, loadStop, keepMore)

  const queued = snapshot.queued.filter((item) => item.userId === userId)
  // The run and the phone's queue are shown together, so that neither pushes the other down when it arrives.
  const loading = page.state === 'loading' || (page.state === 'ready' && !snapshot.loaded)
  return (
    <div className="runs-page">
      <h1 className="runs-page__title">Your run</h1>
      {loading ? (
        <p className="runs-page__loading" role="status">
          {RUN_WORDS.loading}
        </p>
      ) : null}
      {page.state === 'ready' && !loading ? (
        <>
          <p className="runs-page__day">{`${dayWords(page.run.date)}, ${page.run.depot.name} depot`}</p>
          {page.savedAt ? (
            <p className="runs-page__saved" role="status">
              {`No coverage: this is your run as saved at ${timeAt(page.savedAt, page.run.depot.timeZone)}.`}
            </p>
          ) : null}
          <QueueLine snapshot={snapshot} userId={userId} />
        </>
      ) : null}
      {page.state === 'failed' ? (
        <div className="runs-page__failed" role="alert">
          <p>{page.message}</p>
          <button type="button" className="button button--primary button--lg" onClick={fetchRun}>
            Try again
          </button>
        </div>
      ) : null}
      {page.state === 'ready' && !loading && page.run.stops.length === 0 ? (
        <p className="runs-page__empty">{RUN_WORDS.empty}</p>
      ) : null}
      {page.state === 'ready' && !loading && page.run.stops.length > 0 ? (
        <ol className="run-stops" aria-label="Stops in order">
          {page.run.stops.map((stop, index) => (
            <StopCard
              key={stop.key}
              stop={stop}
              index={index}
              timeZone={page.run.depot.timeZone}
              state={stopState(stop, queued)}
            />
          ))}
        </ol>
      ) : null}
    </div>
  )
}
