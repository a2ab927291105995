import type { CustomerAccountList, CustomerAccountSummary } from '@signalway/shared/customer-accounts'
import { type Cents, formatMoney } from '@signalway/shared/money'
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  DataTable,
  type DataTableColumn,
  pageCount,
  useTableSearchParams,
} from '../../../components/ui/data-table/index.ts'
import { FilterActions, FilterPanel, filterFormClass } from '../../../components/ui/filter-panel.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { PlainSelect } from '../../../components/ui/plain-select.tsx'
import { failureMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { listCustomerAccounts } from '../api/accounts.ts'
import { ACCOUNT_SCREEN_MESSAGES } from '../messages.ts'

type Held = 'held' | 'not_held' | ''

function readHeld(params: URLSearchParams): Held {
  const held = params.get('held')
  return held === 'held' || held === 'not_held' ? held : ''
}

const COLUMNS: DataTableColumn<CustomerAccountSummary>[] = [
  {
    key: 'accountNumber',
    header: 'Account',
    cell: (account) => <Link to={paths.admin.account(account.id)}>{account.accountNumber}</Link>,
    className: 'data-table__cell--nowrap',
  },
  { key: 'legalName', header: 'Legal name', cell: (account) => account.legalName },
  { key: 'abn', header: 'ABN', cell: (account) => account.abn, className: 'data-table__cell--nowrap' },
  {
    key: 'creditLimit',
    header: 'Credit limit',
    cell: (account) => formatMoney(account.creditLimitCents as Cents),
    className: 'data-table__cell--nowrap',
  },
  { key: 'terms', header: 'Terms', cell: (account) => `${account.paymentTermsDays} days` },
  {
    key: 'status',
    header: 'Status',
    cell: (account) =>
      account.onHold ? (
        <span className="badge badge--waiting">On hold</span>
      ) : (
        <span className="badge badge--done">Open</span>
      ),
  },
]

/**
 * The customer accounts by number, searched (number, legal or trading name, ABN) and filtered (held or not) on the
 * server, a page at a time; search, filter and page live in the query string.
 */
export function AccountsList({ list = listCustomerAccounts }: { list?: typeof listCustomerAccounts }) {
  const notify = useNotify()
  const [searchParams, setSearchParams] = useSearchParams()
  const [table, setTable] = useTableSearchParams({ pageSize: 20 })
  const held = readHeld(searchParams)
  const [draft, setDraft] = useState<Held>(held)
  const [data, setData] = useState<CustomerAccountList | null>(null)
  const [loading, setLoading] = useState(true)

  useEffect(() => setDraft(held), [held])

  useEffect(() => {
    const controller = new AbortController()
    setLoading(true)
    list(
      {
        search: table.search.trim() || undefined,
        held: held || undefined,
        page: table.page,
        pageSize: table.pageSize,
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
        notify.error(failureMessage(error, ACCOUNT_SCREEN_MESSAGES.listLoadFailed))
      })
    return () => controller.abort()
  }, [list, held, table, notify])

  // A page past the end (a stale link) shows the last page instead.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && table.page > 1) {
      setTable({ page: pageCount(data.total, table.pageSize) }, { replace: true })
    }
  }, [data, table.page, table.pageSize, setTable])

  const apply = (next: Held) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        params.delete('page')
        if (next) params.set('held', next)
        else params.delete('held')
        return params
      },
      { preventScrollReset: true },
    )
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    apply(draft)
  }

  return (
    <div className="customer-accounts">
      <FilterPanel label="Filter accounts">
        <form className={filterFormClass} aria-label="Filter accounts" onSubmit={submit} noValidate>
          <PlainSelect
            label="Hold"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value as Held)}
          >
            <option value="">All accounts</option>
            <option value="held">On hold</option>
            <option value="not_held">Not on hold</option>
          </PlainSelect>
          <FilterActions
            apply={
              <button type="submit" className="button button--primary">
                Apply filters
              </button>
            }
            onClear={() => {
              setDraft('')
              apply('')
            }}
          />
        </form>
      </FilterPanel>
      <p className="inbox__count" role="status">
        {loading
          ? 'Loading the accounts…'
          : `${data?.total ?? 0} ${data?.total === 1 ? 'account' : 'accounts'}`}
      </p>
      <DataTable
        caption="Customer accounts"
        columns={COLUMNS}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        rowKey={(account) => String(account.id)}
        state={table}
        onStateChange={setTable}
        loading={loading}
        emptyText={ACCOUNT_SCREEN_MESSAGES.noAccounts}
        searchLabel="Search by number, name or ABN"
      />
    </div>
  )
}
