import {
  formatDisplayDate,
  formatMobile,
  MESSAGES,
  memberTypeLabel,
  USER_SORT_FIELDS,
  type UserFilterForm,
  type UserPage,
  type UserRow,
  type UserSortField,
  userDisplayName,
} from '@signalway/shared'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import {
  DataTable,
  type DataTableColumn,
  IconButton,
  pageCount,
  useTableSearchParams,
} from '../../../components/ui/data-table/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { archiveUser } from '../api/archive-user.ts'
import { filterUsers } from '../api/filter-users.ts'
import type { FromListState } from '../list-location.ts'
import {
  type AppliedUserFilter,
  filterRequest,
  formatRegistrationDate,
  readUserFilter,
  USERS_TABLE_DEFAULTS,
  widenedFilter,
  writeUserFilter,
} from '../list-query.ts'
import { DeleteUserDialog } from './delete-user-dialog.tsx'
import { UserFilterPanel } from './user-filter-form.tsx'

/** Requirements §8: the server's Message on a 500, else the fallback. */

const COLUMNS: DataTableColumn<UserRow>[] = [
  { key: 'firstName', header: 'First Name', cell: (user) => user.firstName, sortable: true },
  { key: 'lastName', header: 'Last Name', cell: (user) => user.lastName, sortable: true },
  { key: 'email', header: 'Email', cell: (user) => user.email, sortable: true },
  {
    key: 'mobile',
    header: 'Mobile',
    cell: (user) => formatMobile(user.mobile),
    sortable: true,
  },
  { key: 'userType', header: 'User Type', cell: (user) => memberTypeLabel(user.userType), sortable: true },
  {
    key: 'registationDate',
    header: 'Registered',
    cell: (user) => formatRegistrationDate(user.registationDate),
    sortable: true,
  },
]

/**
 * Manage Users (requirements §2): the filter panel, then the table, paged, searched and sorted on the
 * server (POST /v1/users/filter with a page). The filter, search text, page, page size and sort
 * live in the query string, so they are kept while the list is open, across editing a user and
 * coming back, and through Back/Forward.
 */
export function ManageUsers() {
  const notify = useNotify()
  const navigate = useNavigate()
  const location = useLocation()
  const fromList: FromListState = { listSearch: location.search }
  const [searchParams, setSearchParams] = useSearchParams()
  const [table, setTable] = useTableSearchParams(USERS_TABLE_DEFAULTS, { sortKeys: USER_SORT_FIELDS })
  const filterKey = ['types', 'from', 'to'].map((key) => searchParams.get(key) ?? '').join('|')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `filterKey` stands for the filter's params.
  const filter = useMemo(() => readUserFilter(searchParams), [filterKey])
  const [data, setData] = useState<UserPage | null>(null)
  const [loading, setLoading] = useState(true)
  const [reloads, setReloads] = useState(0)
  const [deleting, setDeleting] = useState<UserRow | null>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const tableRef = useRef<HTMLDivElement>(null)
  const sort = (table.sort?.key ?? 'registationDate') as UserSortField
  const direction = table.sort?.direction ?? 'desc'

  useEffect(() => {
    void reloads
    const controller = new AbortController()
    setLoading(true)
    filterUsers(
      {
        ...filterRequest(filter),
        page: table.page,
        pageSize: table.pageSize,
        search: table.search,
        sort,
        sortDirection: direction,
      },
      { signal: controller.signal },
    )
      .then((page) => {
        setData(page)
        setLoading(false)
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setLoading(false)
        setData((current) => current ?? { items: [], total: 0, page: 1, pageSize: table.pageSize })
        notify.error(failureMessage(error, MESSAGES.usersLoadFailed))
      })
    return () => controller.abort()
  }, [filter, table.page, table.pageSize, table.search, sort, direction, reloads, notify])

  // A page past the end (after a delete, or a stale link) shows the last page instead.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && table.page > 1) {
      setTable({ page: pageCount(data.total, table.pageSize) }, { replace: true })
    }
  }, [data, table.page, table.pageSize, setTable])

  const applyFilter = (values: UserFilterForm) => {
    setSearchParams((current) => writeUserFilter(current, values), { preventScrollReset: true })
  }

  const askDelete = (user: UserRow) => {
    returnFocus.current = document.activeElement as HTMLElement | null
    setDeleting(user)
  }

  const closeDialog = useCallback(() => {
    setDeleting(null)
    const target = returnFocus.current
    returnFocus.current = null
    // The row may be gone: then focus goes to the table's search box.
    requestAnimationFrame(() => {
      if (target?.isConnected) target.focus()
      else tableRef.current?.querySelector<HTMLElement>('input[type="search"]')?.focus()
    })
  }, [])

  const confirmDelete = async (user: UserRow) => {
    try {
      await archiveUser(user.id)
      setData((current) =>
        current
          ? {
              ...current,
              items: current.items.filter((item) => item.id !== user.id),
              total: Math.max(0, current.total - 1),
            }
          : current,
      )
      notify.success(MESSAGES.userDeleted)
      returnFocus.current = null
      closeDialog()
      // The next user moves up into the page.
      setReloads((count) => count + 1)
    } catch (error) {
      notify.error(failureMessage(error, MESSAGES.userDeleteFailed))
      closeDialog()
    }
  }

  return (
    <div className="manage-users">
      <div className="manage-users__bar">
        <h2 className="manage-users__heading">Users</h2>
        <Link to={paths.admin.createUser} state={fromList} className="button button--accent">
          Create a User
        </Link>
      </div>
      <UserFilterPanel value={filter} onApply={applyFilter} />
      {data && !loading && data.total === 0 && data.outside ? (
        <OutsideTheDates
          filter={filter}
          outside={data.outside}
          onWiden={() => {
            const outside = data.outside
            if (!outside) return
            applyFilter(widenedFilter(filter, outside.firstRegistered, outside.lastRegistered))
          }}
        />
      ) : null}
      <div ref={tableRef}>
        <DataTable
          caption="Users"
          columns={COLUMNS}
          rows={data?.items ?? []}
          total={data?.total ?? 0}
          rowKey={(user) => user.id}
          state={table}
          onStateChange={setTable}
          loading={loading}
          emptyText={MESSAGES.noUsers}
          searchLabel="Search users"
          rowActions={(user) => (
            <>
              <IconButton
                icon="edit"
                label={`Edit ${userDisplayName(user)}`}
                onClick={() => navigate(paths.admin.updateUser(user.id), { state: fromList })}
              />
              <IconButton
                icon="delete"
                label={`Delete ${userDisplayName(user)}`}
                onClick={() => askDelete(user)}
              />
            </>
          )}
        />
      </div>
      <DeleteUserDialog user={deleting} onConfirm={confirmDelete} onCancel={closeDialog} />
    </div>
  )
}

/**
 * Nobody within the dates, somebody outside them (ADR 035): how many, when they registered, and one click that
 * widens the dates to take them in (the filter's types and the search stay).
 */
function OutsideTheDates({
  filter,
  outside,
  onWiden,
}: {
  filter: AppliedUserFilter
  outside: NonNullable<UserPage['outside']>
  onWiden: () => void
}) {
  const widened = widenedFilter(filter, outside.firstRegistered, outside.lastRegistered)
  const range = `${formatDisplayDate(widened.startDate)} – ${formatDisplayDate(widened.endDate)}`
  const users = outside.total === 1 ? '1 user matches' : `${outside.total} users match`
  return (
    <div className="manage-users__outside" role="status">
      <p>
        Nobody matches between {formatDisplayDate(filter.startDate)} and {formatDisplayDate(filter.endDate)}.{' '}
        {users} outside these dates (registered {formatRegistrationDay(outside.firstRegistered)}
        {outside.total > 1 ? ` to ${formatRegistrationDay(outside.lastRegistered)}` : ''}).
      </p>
      <button type="button" className="button button--outline button--sm" onClick={onWiden}>
        Widen the dates to {range}
      </button>
    </div>
  )
}

function formatRegistrationDay(instant: string): string {
  return formatRegistrationDate(instant).slice(0, 10)
}
