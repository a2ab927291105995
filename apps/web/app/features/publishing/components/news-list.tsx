import { formatDateTime } from '@signalway/shared'
import { formatLongDate } from '@signalway/shared/business-time'
import { type NewsAdminSummary, PUBLISH_STATUS_LABELS } from '@signalway/shared/publishing'
import { Link } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { listNewsItems } from '../api/news.ts'

export const NEWS_LIST_FAILED = 'Unable to load the news items.'
export const NO_NEWS_ITEMS = 'There are no news items yet.'

const COLUMNS = [{ label: 'Date' }, { label: 'Title' }, { label: 'Status' }, { label: 'Last saved' }] as const

export function PublishStatusBadge({ status }: { status: NewsAdminSummary['status'] }) {
  return (
    <span className={`badge ${status === 'published' ? 'badge--done' : 'badge--waiting'}`}>
      {PUBLISH_STATUS_LABELS[status]}
    </span>
  )
}

/** Every news item, drafts included, newest first; each opens in the editor. */
export function NewsList({ load = listNewsItems }: { load?: () => Promise<NewsAdminSummary[]> }) {
  const { loaded, reload } = useLoaded(load, NEWS_LIST_FAILED)
  return (
    <div className="publishing-list">
      <p>
        <Link to={paths.admin.newsNew} className="button button--primary">
          Add a News Item
        </Link>
      </p>
      {loaded.state === 'loading' ? (
        <p className="inbox__count" role="status">
          Loading the news items…
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <LoadFailed message={NEWS_LIST_FAILED} onRetry={reload} className="inbox__empty" />
      ) : null}
      {loaded.state === 'ready' && loaded.value.length === 0 ? (
        <p className="inbox__empty">{NO_NEWS_ITEMS}</p>
      ) : null}
      {loaded.state === 'ready' && loaded.value.length > 0 ? (
        <AdminTable
          label="News items"
          caption="News items, newest first"
          className="news-table"
          columns={COLUMNS}
        >
          {loaded.value.map((item) => (
            <tr key={item.id}>
              <td data-label="Date">
                <time dateTime={item.date}>{formatLongDate(item.date)}</time>
              </td>
              <td data-label="Title">
                <Link to={paths.admin.newsItem(item.id)}>{item.title}</Link>
              </td>
              <td data-label="Status">
                <PublishStatusBadge status={item.status} />
              </td>
              <td data-label="Last saved">
                {item.updatedAt ? (
                  <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)}</time>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
    </div>
  )
}
