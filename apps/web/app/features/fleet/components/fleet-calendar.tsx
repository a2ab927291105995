import type { Depot, FleetCalendar } from '@signalway/shared/fleet'
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { PlainSelect } from '../../../components/ui/plain-select.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { failureMessage, type RequestOptions } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { getFleetCalendar } from '../api/calendar.ts'
import { listDepots } from '../api/depots.ts'
import {
  calendarHref,
  currentMonth,
  monthName,
  readCalendarChoice,
  shiftMonth,
  todayIn,
} from '../calendar-query.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import { CANNOT_BE_MET_MARK, CalendarTable } from './calendar-table.tsx'

export interface FleetCalendarApi {
  depots: () => Promise<Depot[]>
  calendar: (depotId: number, month: string, options?: RequestOptions) => Promise<FleetCalendar>
}

const DEFAULT_API: FleetCalendarApi = { depots: listDepots, calendar: getFleetCalendar }
const systemNow = () => new Date()

/**
 * The depot month calendar (requirements §17): a depot and a month from the query string (the first depot and
 * Melbourne's current month by default), the month's free / total per type and day, and the days that cannot be
 * met. The depot form is a plain GET form and the months are links, so every view has an address.
 */
export function FleetCalendarView({
  api = DEFAULT_API,
  now = systemNow,
}: {
  api?: FleetCalendarApi
  now?: () => Date
}) {
  const [searchParams, setSearchParams] = useSearchParams()
  const choice = readCalendarChoice(searchParams)
  const { loaded: depots, reload: reloadDepots } = useLoaded(
    api.depots,
    FLEET_SCREEN_MESSAGES.depotsLoadFailed,
  )
  const depotList = depots.state === 'ready' ? depots.value : []
  const depot = depotList.find((candidate) => candidate.code === choice.depot) ?? depotList[0]
  const month = choice.month ?? currentMonth(now())

  if (depots.state === 'loading') {
    return (
      <p className="inbox__count" role="status">
        Loading the depots…
      </p>
    )
  }
  if (depots.state === 'failed') {
    return (
      <LoadFailed
        message={FLEET_SCREEN_MESSAGES.depotsLoadFailed}
        onRetry={reloadDepots}
        className="inbox__empty"
      />
    )
  }
  if (!depot) return <p className="inbox__empty">{FLEET_SCREEN_MESSAGES.noDepots}</p>

  return (
    <div className="fleet-calendar-page">
      <DepotChoice
        depots={depotList}
        value={depot.code}
        month={month}
        onChoose={(code) => setSearchParams({ depot: code, month }, { preventScrollReset: true })}
      />
      <MonthNavigation depot={depot} month={month} />
      <Legend />
      <MonthTable api={api} depot={depot} month={month} now={now} />
    </div>
  )
}

/** The depot, chosen with a button (a select that moved the page by itself would surprise). */
function DepotChoice({
  depots,
  value,
  month,
  onChoose,
}: {
  depots: readonly Depot[]
  value: string
  month: string
  onChoose: (code: string) => void
}) {
  const [draft, setDraft] = useState(value)
  useEffect(() => setDraft(value), [value])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onChoose(draft)
  }
  return (
    <form
      className="fleet-calendar__depot"
      method="get"
      action={paths.admin.fleet.calendar}
      aria-label="Choose the depot"
      onSubmit={submit}
    >
      <PlainSelect
        label="Depot"
        name="depot"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
      >
        {depots.map((depot) => (
          <option key={depot.id} value={depot.code}>
            {depot.name}
          </option>
        ))}
      </PlainSelect>
      <input type="hidden" name="month" value={month} />
      <button type="submit" className="button button--outline">
        Show
      </button>
    </form>
  )
}

function MonthNavigation({ depot, month }: { depot: Depot; month: string }) {
  const previous = shiftMonth(month, -1)
  const next = shiftMonth(month, 1)
  return (
    <div className="fleet-calendar__head">
      <h2 className="fleet-calendar__title">
        {depot.name}, {monthName(month)}
      </h2>
      <nav className="fleet-calendar__months" aria-label="Months">
        <Link to={calendarHref(depot.code, previous)} preventScrollReset>
          <span aria-hidden="true">← </span>Previous month
          <span className="visually-hidden"> ({monthName(previous)})</span>
        </Link>
        <Link to={calendarHref(depot.code, next)} preventScrollReset>
          Next month<span className="visually-hidden"> ({monthName(next)})</span>
          <span aria-hidden="true"> →</span>
        </Link>
      </nav>
    </div>
  )
}

function Legend() {
  return (
    <dl className="fleet-calendar__legend">
      <div>
        <dt>3/5</dt>
        <dd>3 units free for the whole day, of the 5 at the depot that are not retired.</dd>
      </div>
      <div>
        <dt>
          <span className="fleet-calendar__cell--short fleet-calendar__legend-mark">
            0/5 {CANNOT_BE_MET_MARK}
          </span>
        </dt>
        <dd>None free: a hire of the type that day cannot be met.</dd>
      </div>
    </dl>
  )
}

type MonthLoaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; value: FleetCalendar }

/** The month of one depot, loaded again whenever the depot or the month changes. */
function MonthTable({
  api,
  depot,
  month,
  now,
}: {
  api: FleetCalendarApi
  depot: Depot
  month: string
  now: () => Date
}) {
  const [loaded, setLoaded] = useState<MonthLoaded>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => setAttempt((count) => count + 1), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` loads again
  useEffect(() => {
    const controller = new AbortController()
    setLoaded({ state: 'loading' })
    api
      .calendar(depot.id, month, { signal: controller.signal })
      .then((value) => setLoaded({ state: 'ready', value }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setLoaded({
          state: 'failed',
          message: failureMessage(error, FLEET_SCREEN_MESSAGES.calendarLoadFailed),
        })
      })
    return () => controller.abort()
  }, [api, depot.id, month, attempt])

  const today = useMemo(() => todayIn(depot.timeZone, now()), [depot.timeZone, now])

  if (loaded.state === 'loading') {
    return (
      <p className="inbox__count" role="status">
        Loading the calendar…
      </p>
    )
  }
  if (loaded.state === 'failed') {
    return <LoadFailed message={loaded.message} onRetry={retry} className="inbox__empty" />
  }
  if (loaded.value.types.length === 0) {
    return <p className="inbox__empty">{FLEET_SCREEN_MESSAGES.noUnitsAtDepot}</p>
  }
  return <CalendarTable calendar={loaded.value} today={today} />
}
