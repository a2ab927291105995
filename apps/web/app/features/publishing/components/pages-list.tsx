import { formatDateTime } from '@signalway/shared'
import type { PageAdminSummary } from '@signalway/shared/publishing'
import { Link } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { listPages } from '../api/pages.ts'

export const PAGES_LIST_FAILED = 'Unable to load the pages.'

const COLUMNS = [{ label: 'Title' }, { label: 'Address' }, { label: 'Last saved' }] as const

/** The content pages: the generic pages of requirements §2, the privacy policy and the website terms. */
export function PagesList({ load = listPages }: { load?: () => Promise<PageAdminSummary[]> }) {
  const { loaded, reload } = useLoaded(load, PAGES_LIST_FAILED)
  return (
    <div className="publishing-list">
      <p>
        <Link to={paths.admin.pageNew} className="button button--primary">
          Add a Page
        </Link>
      </p>
      {loaded.state === 'loading' ? (
        <p className="inbox__count" role="status">
          Loading the pages…
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <LoadFailed message={PAGES_LIST_FAILED} onRetry={reload} className="inbox__empty" />
      ) : null}
      {loaded.state === 'ready' ? (
        <AdminTable
          label="Pages"
          caption="Content pages, by address"
          className="pages-table"
          columns={COLUMNS}
        >
          {loaded.value.map((page) => (
            <tr key={page.name}>
              <td data-label="Title">
                <Link to={paths.admin.page(page.name)}>{page.title}</Link>
              </td>
              <td data-label="Address">
                <code>/{page.name}/</code>
              </td>
              <td data-label="Last saved">
                {page.updatedAt ? (
                  <time dateTime={page.updatedAt}>{formatDateTime(page.updatedAt)}</time>
                ) : page.builtIn ? (
                  'As shipped with the site'
                ) : (
                  'As first installed'
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
    </div>
  )
}
