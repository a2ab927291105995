import type { Stop } from '@signalway/shared/field-operations'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { KIND_WORDS, stopReference, timeAt } from '../words.ts'
import { StopReach } from './stop-reach.tsx'

/** Where a stop's docket stands on this phone and at the server. */
export type StopState = 'todo' | 'waiting' | 'refused' | 'done'

const STATE_WORDS: Record<StopState, string | null> = {
  todo: null,
  waiting: 'Docket saved on this phone, waiting to be sent',
  refused: 'Docket to fix',
  done: 'Done',
}

/**
 * One stop of the run, as a card a driver reads at a glance: number and time, delivery or collection, the site with
 * its address (opens the phone's map app) and contact (dials), the notes, the units, and the docket's button.
 */
export function StopCard({
  stop,
  index,
  timeZone,
  state,
}: {
  stop: Stop
  index: number
  timeZone: string
  state: StopState
}) {
  const headingId = `stop-${stop.key.replace(':', '-')}`
  const words = KIND_WORDS[stop.kind]
  const status = STATE_WORDS[state]
  return (
    <li className={`run-stop run-stop--${state}`}>
      <article aria-labelledby={headingId}>
        <p className="run-stop__when">
          <span className="run-stop__number" aria-hidden="true">
            {index + 1}
          </span>
          <time dateTime={stop.at}>{timeAt(stop.at, timeZone)}</time>
          <span className={`run-stop__kind run-stop__kind--${stop.kind}`}>{words.title}</span>
          {stop.overdue ? <span className="run-stop__flag">Overdue</span> : null}
          {stop.nightWorks ? <span className="run-stop__flag">Night works</span> : null}
        </p>
        <h2 id={headingId} className="run-stop__site">
          <span className="visually-hidden">{`Stop ${index + 1}: `}</span>
          {stop.siteName}
        </h2>
        <p className="run-stop__account">
          {stop.accountName}
          <span className="run-stop__reference">{stopReference(stop)}</span>
        </p>
        <StopReach stop={stop} lineClassName="run-stop__line" />
        {status ? (
          <p className={`run-stop__state run-stop__state--${state}`}>
            <strong>{status}</strong>
          </p>
        ) : null}
        {stop.stopId !== null ? (
          <Link
            className={`button button--lg run-stop__open ${state === 'done' ? 'button--outline' : 'button--accent'}`}
            to={paths.runStop(stop.stopId)}
          >
            {state === 'done' ? 'See the docket' : state === 'refused' ? 'Fix the docket' : 'Open the docket'}
            <span className="visually-hidden">{` for ${stop.siteName}`}</span>
          </Link>
        ) : null}
      </article>
    </li>
  )
}
