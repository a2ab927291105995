import type { DepotRef } from '@signalway/shared/bookings'
import { type DispatchBoard, runDateSchema } from '@signalway/shared/field-operations'
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { PlainSelect } from '../../../components/ui/plain-select.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { failureMessage, type RequestOptions } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { getDispatchBoard, listDispatchDepots, saveDispatchBoard } from '../api/dispatch.ts'
import { longDay, shiftDay, todayIn } from '../board.ts'
import { DISPATCH_MESSAGES } from '../messages.ts'
import { Board, type BoardApi } from './dispatch-board.tsx'

export interface DispatchApi {
  depots: () => Promise<DepotRef[]>
  board: (depotId: number, date: string, options?: RequestOptions) => Promise<DispatchBoard>
  save: BoardApi['save']
}

const DEFAULT_API: DispatchApi = {
  depots: listDispatchDepots,
  board: getDispatchBoard,
  save: saveDispatchBoard,
}
const systemNow = () => new Date()

/** The depot and day of the address (?depotId=2&date=2026-12-08); anything malformed is no choice. */
export function readDispatchChoice(params: URLSearchParams): { depotId?: number; date?: string } {
  const depotId = Number(params.get('depotId'))
  const date = params.get('date') ?? ''
  return {
    ...(Number.isSafeInteger(depotId) && depotId > 0 ? { depotId } : {}),
    ...(runDateSchema.safeParse(date).success ? { date } : {}),
  }
}

/**
 * /admin/dispatch/ (ADR 050): a depot (the first by default) and a day (today in the depot's zone by default) from
 * the address, then the board of that day. Another depot or day with changes not saved asks first.
 */
export function DispatchView({
  api = DEFAULT_API,
  now = systemNow,
}: {
  api?: DispatchApi
  now?: () => Date
}) {
  const [searchParams, setSearchParams] = useSearchParams()
  const choice = readDispatchChoice(searchParams)
  const { loaded: depots, reload } = useLoaded(api.depots, DISPATCH_MESSAGES.depotsLoadFailed)
  const [dirty, setDirty] = useState(false)
  const [pending, setPending] = useState<{ depotId: number; date: string } | null>(null)
  const onDirty = useCallback((value: boolean) => setDirty(value), [])

  if (depots.state === 'loading') {
    return (
      <p className="inbox__count" role="status">
        Loading the depots…
      </p>
    )
  }
  if (depots.state === 'failed') {
    return (
      <LoadFailed message={DISPATCH_MESSAGES.depotsLoadFailed} onRetry={reload} className="inbox__empty" />
    )
  }
  const depot = depots.value.find((candidate) => candidate.id === choice.depotId) ?? depots.value[0]
  if (!depot) return <p className="inbox__empty">{DISPATCH_MESSAGES.noDepots}</p>
  const date = choice.date ?? todayIn(depot.timeZone, now())
  const go = (next: { depotId: number; date: string }) =>
    setSearchParams({ depotId: String(next.depotId), date: next.date }, { preventScrollReset: true })
  const choose = (next: { depotId: number; date: string }) => (dirty ? setPending(next) : go(next))

  return (
    <div className="dispatch">
      <DayChoice depots={depots.value} depot={depot} date={date} onChoose={choose} />
      <h2 className="dispatch__title">{`${depot.name}, ${longDay(date)}`}</h2>
      <BoardLoader key={`${depot.id}:${date}`} api={api} depot={depot} date={date} onDirty={onDirty} />
      <ConfirmDialog
        open={pending !== null}
        title={DISPATCH_MESSAGES.discardTitle}
        text={DISPATCH_MESSAGES.discardText}
        confirmLabel="Leave the changes"
        onConfirm={async () => {
          if (pending) go(pending)
          setPending(null)
          setDirty(false)
        }}
        onCancel={() => setPending(null)}
      />
    </div>
  )
}

/** The depot and the day, shown with a button (a select that moved the page by itself would surprise). */
function DayChoice({
  depots,
  depot,
  date,
  onChoose,
}: {
  depots: readonly DepotRef[]
  depot: DepotRef
  date: string
  onChoose: (choice: { depotId: number; date: string }) => void
}) {
  const dateId = useId()
  const [depotId, setDepotId] = useState(String(depot.id))
  const [day, setDay] = useState(date)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => setDepotId(String(depot.id)), [depot.id])
  useEffect(() => setDay(date), [date])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = runDateSchema.safeParse(day)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Choose a day.')
      return
    }
    onChoose({ depotId: Number(depotId), date: day })
  }
  return (
    <div className="dispatch__choice">
      <form
        className="dispatch__day"
        method="get"
        action={paths.admin.dispatch}
        aria-label="Choose the depot and day"
        noValidate
        onSubmit={submit}
      >
        <PlainSelect
          label="Depot"
          name="depotId"
          value={depotId}
          onChange={(event) => setDepotId(event.currentTarget.value)}
        >
          {depots.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </PlainSelect>
        <div className={error ? 'field field--invalid' : 'field'}>
          <label htmlFor={dateId} className="field__label">
            Day
          </label>
          <input
            id={dateId}
            name="date"
            type="date"
            className="input"
            value={day}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${dateId}-error` : undefined}
            onChange={(event) => {
              setDay(event.currentTarget.value)
              setError(null)
            }}
          />
          {error ? (
            <p id={`${dateId}-error`} className="field__error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--outline">
          Show
        </button>
      </form>
      <nav className="dispatch__days" aria-label="Days">
        <button
          type="button"
          className="link-button"
          onClick={() => onChoose({ depotId: depot.id, date: shiftDay(date, -1) })}
        >
          <span aria-hidden="true">← </span>Previous day
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => onChoose({ depotId: depot.id, date: shiftDay(date, 1) })}
        >
          Next day<span aria-hidden="true"> →</span>
        </button>
      </nav>
    </div>
  )
}

type BoardLoaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; board: DispatchBoard }

/** The board of one depot's day, loaded when the page shows it (and again on Try again). */
function BoardLoader({
  api,
  depot,
  date,
  onDirty,
}: {
  api: DispatchApi
  depot: DepotRef
  date: string
  onDirty: (dirty: boolean) => void
}) {
  const [loaded, setLoaded] = useState<BoardLoaded>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` loads again
  useEffect(() => {
    const controller = new AbortController()
    setLoaded({ state: 'loading' })
    onDirty(false)
    api
      .board(depot.id, date, { signal: controller.signal })
      .then((board) => setLoaded({ state: 'ready', board }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setLoaded({ state: 'failed', message: failureMessage(error, DISPATCH_MESSAGES.loadFailed) })
      })
    return () => controller.abort()
  }, [api, depot.id, date, attempt, onDirty])

  if (loaded.state === 'loading') {
    return (
      <p className="inbox__count" role="status">
        {DISPATCH_MESSAGES.loading}
      </p>
    )
  }
  if (loaded.state === 'failed') {
    return (
      <LoadFailed
        message={loaded.message}
        onRetry={() => setAttempt((count) => count + 1)}
        className="inbox__empty"
      />
    )
  }
  return <Board initial={loaded.board} api={api} onDirty={onDirty} />
}
