import { FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { useCallback } from 'react'
import { Link, useNavigate } from 'react-router'
import { StopPage } from '../../features/runs/components/stop-page.tsx'
import { RUNS_LINKS, useDriverId, useRunsWorker } from '../../features/runs/runs-app.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { recordIdOf } from '../../lib/record-id.ts'
import type { Route } from './+types/stop'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Docket',
    description: 'A stop of your run and its delivery or collection docket.',
    path: paths.runStop(recordIdOf({ id: args.params.stopId }) ?? ''),
    noIndex: true,
  })

export const links: Route.LinksFunction = () => RUNS_LINKS

/** One stop of the driver's run and its docket (ADR 050). */
export default function RunStopRoute({ params }: Route.ComponentProps) {
  const navigate = useNavigate()
  const userId = useDriverId()
  useRunsWorker()
  const onForbidden = useCallback(
    (message: string | undefined) =>
      navigate(paths.pages.error403, {
        replace: true,
        state: { message: message ?? FIELD_MESSAGES.notDriver },
      }),
    [navigate],
  )
  const stopId = recordIdOf({ id: params.stopId })
  if (stopId === null)
    return (
      <div className="runs-page">
        <h1 className="runs-page__title">Stop</h1>
        <p>{FIELD_MESSAGES.stopNotFound}</p>
        <Link to={paths.runs} className="button button--primary button--lg">
          Your run
        </Link>
      </div>
    )
  return <StopPage key={stopId} stopId={stopId} userId={userId} onForbidden={onForbidden} />
}
