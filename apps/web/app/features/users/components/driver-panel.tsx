import type { UserDetail } from '@signalway/shared'
import { userDisplayName } from '@signalway/shared'
import type { DepotRef } from '@signalway/shared/bookings'
import type { Driver } from '@signalway/shared/field-operations'
import { type FormEvent, useCallback, useId, useState } from 'react'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { PlainSelect } from '../../../components/ui/plain-select.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { getUserDriver, listDriverDepots, removeUserDriver, setUserDriver } from '../api/driver.ts'

export const DRIVER_PANEL_MESSAGES = {
  loadFailed: 'Unable to load whether the user is a driver.',
  saveFailed: 'Unable to save the driver role.',
  set: (name: string, depot: string) => `${name} is a driver at ${depot}.`,
  removed: (name: string) => `${name} is no longer a driver. Their stops not done are unassigned.`,
} as const

export interface DriverPanelApi {
  get: typeof getUserDriver
  set: typeof setUserDriver
  remove: typeof removeUserDriver
  depots: typeof listDriverDepots
}

const DEFAULT_API: DriverPanelApi = {
  get: getUserDriver,
  set: setUserDriver,
  remove: removeUserDriver,
  depots: listDriverDepots,
}

const NOT_A_DRIVER = ''

/**
 * The Driver role on the Update User page (ADR 050): a staff role beside the member type, not one of them. A driver
 * works from a depot, opens only their own runs on their phone and never the admin area; an administrator makes a
 * user a driver at a depot, moves them to another, or ends it (their stops not done go back to Unassigned).
 */
export function DriverPanel({ user, api = DEFAULT_API }: { user: UserDetail; api?: DriverPanelApi }) {
  const headingId = useId()
  const { id } = user
  const load = useCallback(
    () =>
      Promise.all([api.get(id), api.depots()]).then(([state, depots]) => ({ driver: state.driver, depots })),
    [api, id],
  )
  const { loaded, reload } = useLoaded(load, DRIVER_PANEL_MESSAGES.loadFailed)
  return (
    <section className="user-editor__driver" aria-labelledby={headingId}>
      <h3 id={headingId}>Driver</h3>
      {loaded.state === 'loading' ? (
        <p className="user-editor__status" role="status">
          Loading…
        </p>
      ) : loaded.state === 'failed' ? (
        <LoadFailed
          message={DRIVER_PANEL_MESSAGES.loadFailed}
          onRetry={reload}
          className="user-editor__status"
        />
      ) : (
        <DriverForm user={user} initial={loaded.value.driver} depots={loaded.value.depots} api={api} />
      )}
    </section>
  )
}

function DriverForm({
  user,
  initial,
  depots,
  api,
}: {
  user: UserDetail
  initial: Driver | null
  depots: readonly DepotRef[]
  api: DriverPanelApi
}) {
  const notify = useNotify()
  const [driver, setDriver] = useState(initial)
  const [choice, setChoice] = useState(initial ? String(initial.depot.id) : NOT_A_DRIVER)
  const [busy, setBusy] = useState(false)
  const name = userDisplayName(user)
  const unchanged = choice === (driver ? String(driver.depot.id) : NOT_A_DRIVER)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || unchanged) return
    setBusy(true)
    try {
      const saved =
        choice === NOT_A_DRIVER
          ? await api.remove(user.id)
          : await api.set(user.id, { depotId: Number(choice) })
      setDriver(saved.driver)
      setChoice(saved.driver ? String(saved.driver.depot.id) : NOT_A_DRIVER)
      notify.success(
        saved.driver
          ? DRIVER_PANEL_MESSAGES.set(name, saved.driver.depot.name)
          : DRIVER_PANEL_MESSAGES.removed(name),
      )
    } catch (error) {
      notify.error(
        isApiError(error) && error.status === 400
          ? error.message
          : failureMessage(error, DRIVER_PANEL_MESSAGES.saveFailed),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <p>
        {driver
          ? `${name} is a driver at ${driver.depot.name}: they open their own runs on their phone, and the dispatch board gives them stops.`
          : `${name} is not a driver.`}
      </p>
      <form onSubmit={(event) => void submit(event)} aria-label="Driver role" noValidate>
        <PlainSelect
          label="Driver at"
          value={choice}
          onChange={(event) => setChoice(event.currentTarget.value)}
        >
          <option value={NOT_A_DRIVER}>Not a driver</option>
          {depots.map((depot) => (
            <option key={depot.id} value={depot.id}>
              {depot.name}
            </option>
          ))}
        </PlainSelect>
        <button
          type="submit"
          className="button button--outline"
          aria-disabled={unchanged || busy || undefined}
          aria-busy={busy || undefined}
        >
          Save Driver Role
        </button>
      </form>
    </>
  )
}
