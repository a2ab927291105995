import { FIELD_MESSAGES, type RunStopDetail } from '@signalway/shared/field-operations'
import { type Ref, useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { isApiError, serverMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { type Answer, getRunStop } from '../api/runs.ts'
import {
  type DocketFormOutput,
  docketOf,
  normalFleetNumber,
  refusalErrors,
  valuesOf,
} from '../docket-form-schema.ts'
import type { QueuedDocket, SentDocket } from '../outbox.ts'
import { useKeepSending, useOutbox } from '../use-outbox.ts'
import { KIND_WORDS, stopReference, timeAt, unitsWords } from '../words.ts'
import { DocketForm } from './docket-form.tsx'
import { StopReach } from './stop-reach.tsx'

export const STOP_WORDS = {
  loading: 'Loading the stop…',
  loadFailed: 'The stop could not be loaded. Check your coverage and try again.',
  notSaved: 'No coverage, and this stop is not saved on this phone. Open your run once with coverage.',
  allOnDockets: 'Every unit of this stop is on a docket.',
  refused: 'This docket was not sent:',
  fixIt: 'Fix it below and save it again.',
} as const

type Page =
  | { state: 'loading' }
  | { state: 'ready'; detail: RunStopDetail; savedAt: string | undefined }
  | { state: 'failed'; message: string; retry: boolean }

export interface StopPageProps {
  stopId: number
  userId: string | undefined
  onForbidden: (message: string | undefined) => void
  load?: (stopId: number) => Promise<Answer<RunStopDetail>>
}

function useStop(
  stopId: number,
  load: NonNullable<StopPageProps['load']>,
  onForbidden: StopPageProps['onForbidden'],
) {
  const [page, setPage] = useState<Page>({ state: 'loading' })
  const fetchStop = useCallback(() => {
    load(stopId).then(
      ({ data, savedAt }) => setPage({ state: 'ready', detail: data, savedAt }),
      (error: unknown) => {
        if (!isApiError(error))
          return setPage({ state: 'failed', message: STOP_WORDS.loadFailed, retry: true })
        if (error.status === 403) return onForbidden(serverMessage(error))
        if (error.status === 404)
          return setPage({
            state: 'failed',
            message: serverMessage(error) ?? FIELD_MESSAGES.stopNotFound,
            retry: false,
          })
        const message = error.status === 0 ? STOP_WORDS.notSaved : STOP_WORDS.loadFailed
        setPage({ state: 'failed', message, retry: true })
      },
    )
  }, [stopId, load, onForbidden])
  useEffect(fetchStop, [fetchStop])
  return { page, fetchStop }
}

function StopFacts({ detail }: { detail: RunStopDetail }) {
  const { stop, depot } = detail
  return (
    <div className="stop-facts">
      <p className="stop-facts__line">
        <time dateTime={stop.at}>{timeAt(stop.at, depot.timeZone)}</time>
        {` · ${stop.accountName} · ${stopReference(stop)}`}
      </p>
      <StopReach stop={stop} lineClassName="stop-facts__line" />
    </div>
  )
}

function StopDockets({ detail }: { detail: RunStopDetail }) {
  if (detail.dockets.length === 0) return null
  return (
    <section className="stop-dockets" aria-labelledby="stop-dockets-title">
      <h2 id="stop-dockets-title" className="stop-dockets__title">
        Dockets of this stop
      </h2>
      <ul className="stop-dockets__list">
        {detail.dockets.map((docket) => (
          <li key={docket.id} className="stop-dockets__item">
            <strong>{docket.reference}</strong>
            {` · ${timeAt(docket.at, detail.depot.timeZone)} · received by ${docket.receivedBy}`}
            <br />
            {unitsWords(docket.units)}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** What the phone says of this stop's dockets: kept and waiting, sent, or refused with the server's words. */
function DocketStatus({
  waiting,
  sent,
  refused,
  statusRef,
}: {
  waiting: readonly QueuedDocket[]
  sent: SentDocket | undefined
  refused: QueuedDocket | undefined
  statusRef: Ref<HTMLDivElement>
}) {
  const other = refused?.refused ? refusalErrors(refused.refused).other : []
  return (
    <>
      <div className="docket-status" role="status" ref={statusRef} tabIndex={-1}>
        {waiting.length > 0 ? <p className="docket-status__queued">{FIELD_MESSAGES.queued}</p> : null}
        {sent && waiting.length === 0 ? (
          <p className="docket-status__sent">
            <strong>{FIELD_MESSAGES.sent}</strong> <span>{`Reference ${sent.docket.reference}.`}</span>
          </p>
        ) : null}
      </div>
      {refused?.refused ? (
        <div className="docket-status__refused" role="alert">
          <p>
            <strong>{STOP_WORDS.refused}</strong> {refused.refused.message}
          </p>
          {other.map((message) => (
            <p key={message}>{message}</p>
          ))}
          <p>{STOP_WORDS.fixIt}</p>
        </div>
      ) : null}
    </>
  )
}

/**
 * `/runs/<stopId>/` (ADR 050): the stop, its dockets, and the docket form for its units not on one yet. A saved
 * docket is kept on the phone and sent; the page says FIELD_MESSAGES.queued while it waits and "Docket sent." when
 * it has arrived. A docket the server refused comes back in the form with its answer, to be fixed and saved again.
 */
export function StopPage({ stopId, userId, onForbidden, load = getRunStop }: StopPageProps) {
  const { outbox, snapshot } = useOutbox()
  useKeepSending(outbox, userId)
  const { page, fetchStop } = useStop(stopId, load, onForbidden)
  const statusRef = useRef<HTMLDivElement>(null)
  const [saved, setSaved] = useState(0)

  const mine = snapshot.queued.filter((item) => item.userId === userId && item.stopId === stopId)
  const refused = mine.findLast((item) => item.refused)
  const waiting = mine.filter((item) => !item.refused)
  const sentHere = snapshot.sent.filter((item) => item.userId === userId && item.stopId === stopId)
  const lastSent = sentHere.at(-1)

  // A docket that arrived: the stop is asked again (its units are done now, its docket listed).
  useEffect(() => {
    if (lastSent) fetchStop()
  }, [lastSent, fetchStop])

  const submit = async (values: DocketFormOutput) => {
    if (!userId) return
    await outbox.add(userId, docketOf(stopId, values, new Date()), refused?.clientId)
    setSaved((count) => count + 1)
    statusRef.current?.focus()
  }

  if (page.state === 'loading')
    return (
      <div className="runs-page">
        <BackToRun />
        <p className="runs-page__loading" role="status">
          {STOP_WORDS.loading}
        </p>
      </div>
    )
  if (page.state === 'failed')
    return (
      <div className="runs-page">
        <BackToRun />
        <h1 className="runs-page__title">Stop</h1>
        <div className="runs-page__failed" role="alert">
          <p>{page.message}</p>
          {page.retry ? (
            <button type="button" className="button button--primary button--lg" onClick={fetchStop}>
              Try again
            </button>
          ) : null}
        </div>
      </div>
    )

  const { detail, savedAt } = page
  const { stop, depot } = detail
  const pending = new Set(waiting.flatMap((item) => item.input.fleetNumbers.map(normalFleetNumber)))
  const offered = stop.units.filter((unit) => !unit.done && !pending.has(normalFleetNumber(unit.fleetNumber)))
  return (
    <div className="runs-page">
      <BackToRun />
      <h1 className="runs-page__title">{`${KIND_WORDS[stop.kind].title}: ${stop.siteName}`}</h1>
      {savedAt ? (
        <p className="runs-page__saved">{`No coverage: this stop as saved at ${timeAt(savedAt, depot.timeZone)}.`}</p>
      ) : null}
      <StopFacts detail={detail} />
      <DocketStatus waiting={waiting} sent={lastSent} refused={refused} statusRef={statusRef} />
      {refused || offered.length > 0 ? (
        <DocketForm
          key={`${saved}:${refused?.clientId ?? ''}`}
          kind={stop.kind}
          units={offered}
          allUnits={stop.units}
          timeZone={depot.timeZone}
          initial={refused ? valuesOf(refused.input, offered) : undefined}
          refusal={refused?.refused}
          onSubmit={submit}
        />
      ) : (
        <p className="stop-facts__done">{STOP_WORDS.allOnDockets}</p>
      )}
      <StopDockets detail={detail} />
    </div>
  )
}

function BackToRun() {
  return (
    <p className="runs-page__back">
      <Link to={paths.runs} className="runs-back">
        <span aria-hidden="true">←</span>Your run
      </Link>
    </p>
  )
}
