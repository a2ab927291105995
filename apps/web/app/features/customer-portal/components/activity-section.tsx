import { formatLongDateTime } from '@signalway/shared/business-time'
import { type AccountAuditPage, MEMBER_MESSAGES } from '@signalway/shared/customer-account-members'
import type { MyCustomerAccountDetail } from '@signalway/shared/customer-accounts'
import { useCallback, useEffect, useId, useState } from 'react'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { Pagination } from '../../../components/ui/data-table/data-table.tsx'
import { pageCount } from '../../../components/ui/data-table/table-state.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError } from '../../../lib/api-client.ts'
import { listAccountActivity } from '../api/members.ts'
import { PORTAL_MESSAGES } from '../messages.ts'

export type ActivityApi = typeof listAccountActivity

type LoadState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'forbidden' }
  | { state: 'ready'; value: AccountAuditPage }

const COLUMNS = [{ label: 'When' }, { label: 'Who' }, { label: 'What' }] as const

/**
 * The account's own activity (requirements §18, ADR 045), for its Account admins: who did what and when, newest
 * first, in the words the server gives (no staff reasons or notes), times in Melbourne, a page at a time. Other
 * members are told the page is not theirs, as on the Members page; the server checks the role again.
 */
export function ActivitySection({
  account,
  api = listAccountActivity,
}: {
  account: MyCustomerAccountDetail
  api?: ActivityApi
}) {
  const notify = useNotify()
  const headingId = useId()
  const admin = account.role === 'account_admin'
  const [page, setPage] = useState(1)
  const [loaded, setLoaded] = useState<LoadState>({ state: 'loading' })

  const load = useCallback(async () => {
    try {
      setLoaded({ state: 'ready', value: await api(account.id, page) })
    } catch (error) {
      if (isApiError(error) && error.status === 403) setLoaded({ state: 'forbidden' })
      else {
        setLoaded({ state: 'failed' })
        notify.error(PORTAL_MESSAGES.activityLoadFailed)
      }
    }
  }, [api, account.id, page, notify])

  useEffect(() => {
    if (admin) void load()
  }, [admin, load])

  const heading = (
    <h2 id={headingId} className="record-panel__title">
      Activity
    </h2>
  )
  if (!admin || loaded.state === 'forbidden')
    return (
      <section className="record-panel" aria-labelledby={headingId}>
        {heading}
        <p>{MEMBER_MESSAGES.accountAdminOnly}</p>
      </section>
    )

  return (
    <section className="record-panel" aria-labelledby={headingId}>
      {heading}
      {loaded.state === 'failed' ? (
        <LoadFailed message={PORTAL_MESSAGES.activityLoadFailed} onRetry={load} />
      ) : null}
      {loaded.state === 'loading' ? <p role="status">Loading the activity…</p> : null}
      {loaded.state === 'ready' ? <ActivityTable activity={loaded.value} onPage={setPage} /> : null}
    </section>
  )
}

function ActivityTable({ activity, onPage }: { activity: AccountAuditPage; onPage: (page: number) => void }) {
  if (activity.items.length === 0) return <p className="inbox__empty">{PORTAL_MESSAGES.noActivity}</p>
  return (
    <>
      <AdminTable
        label="Activity"
        caption="The account's activity, newest first"
        className="portal-activity"
        columns={COLUMNS}
      >
        {activity.items.map((entry) => (
          <tr key={entry.id}>
            <td data-label="When">
              <time dateTime={entry.at}>{formatLongDateTime(entry.at)}</time>
            </td>
            <td data-label="Who">{entry.by}</td>
            <td data-label="What">{entry.summary}</td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={activity.page} pages={pageCount(activity.total, activity.pageSize)} onPage={onPage} />
    </>
  )
}
