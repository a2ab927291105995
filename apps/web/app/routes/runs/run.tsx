import { FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { fetchStoredProfile } from '../../features/auth/session.ts'
import { RunPage } from '../../features/runs/components/run-page.tsx'
import { RUNS_LINKS, useDriverId, useRunsWorker } from '../../features/runs/runs-app.ts'
import { apiClient } from '../../lib/api-client.ts'
import { getAuthStorage } from '../../lib/auth-storage.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/run'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Your run',
    description: 'Your stops of the day and their dockets, with or without coverage.',
    path: paths.runs,
    noIndex: true,
  })

export const links: Route.LinksFunction = () => RUNS_LINKS

/** The driver's profile, asked once more through the runs worker so that the app opens signed in offline. */
const keepProfile = () => fetchStoredProfile(getAuthStorage(), apiClient)

/** The drivers' app's home (ADR 050), for drivers only: anyone else is shown why not (signed in: private-layout.tsx). */
export default function RunRoute() {
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
  return <RunPage userId={userId} onForbidden={onForbidden} keepMore={keepProfile} />
}
