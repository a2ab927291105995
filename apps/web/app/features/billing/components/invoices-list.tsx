import type { CustomerAccountSummary } from '@signalway/shared/customer-accounts'
import { DOCUMENT_DELIVERY_METHODS, type DocumentDeliveryMethod } from '@signalway/shared/invoices'
import { INVOICE_STATUSES, type InvoiceStatus, type InvoiceSummary } from '@signalway/shared/receivables'
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
import { paths } from '../../../lib/paths.ts'
import { ADMIN_BILLING_API, type AdminBillingApi, type InvoiceList, listAccountsToFilter } from '../api.ts'
import { dayText, money } from '../format.ts'
import { BILLING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { apiWords, DELIVERY_WORDS } from '../words.ts'
import { DayInput } from './day-input.tsx'
import { ExportPanel } from './export-panel.tsx'
import { InvoiceStatusBadge } from './invoice-status-badge.tsx'

export interface InvoiceFilters {
  status: InvoiceStatus | ''
  accountId: string
  sentBy: DocumentDeliveryMethod | ''
  from: string
  to: string
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/u

/** The filters as the query string holds them; anything unknown is left out. */
export function readInvoiceFilters(params: URLSearchParams): InvoiceFilters {
  const status = params.get('status') ?? ''
  const accountId = params.get('accountId') ?? ''
  const sentBy = params.get('sentBy') ?? ''
  const day = (name: string) => {
    const value = params.get(name) ?? ''
    return ISO_DAY.test(value) ? value : ''
  }
  return {
    status: (INVOICE_STATUSES as readonly string[]).includes(status) ? (status as InvoiceStatus) : '',
    accountId: /^\d{1,9}$/u.test(accountId) ? accountId : '',
    sentBy: (DOCUMENT_DELIVERY_METHODS as readonly string[]).includes(sentBy)
      ? (sentBy as DocumentDeliveryMethod)
      : '',
    from: day('from'),
    to: day('to'),
  }
}

const COLUMNS: DataTableColumn<InvoiceSummary>[] = [
  {
    key: 'number',
    header: 'Invoice',
    cell: (invoice) => <Link to={paths.admin.invoice(invoice.id)}>{invoice.number}</Link>,
    className: 'data-table__cell--nowrap',
  },
  { key: 'status', header: 'Status', cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
  {
    key: 'account',
    header: 'Account',
    cell: (invoice) => (
      <Link to={paths.admin.accountBilling(invoice.accountId)}>
        {`${invoice.accountNumber} ${invoice.buyerName}`}
      </Link>
    ),
  },
  { key: 'issued', header: 'Issued', cell: (invoice) => dayText(invoice.issueDate) },
  { key: 'sentBy', header: 'Sent by', cell: (invoice) => DELIVERY_WORDS[invoice.deliveryMethod] },
  { key: 'due', header: 'Due', cell: (invoice) => dayText(invoice.dueDate) },
  {
    key: 'total',
    header: 'Total inc GST',
    cell: (invoice) => (
      <>
        {money(invoice.totalCents)}
        <span className="billing-gst">{`GST ${money(invoice.gstCents)}`}</span>
      </>
    ),
    className: 'data-table__cell--nowrap',
  },
  {
    key: 'owing',
    header: 'Owing',
    cell: (invoice) => money(invoice.owingCents),
    className: 'data-table__cell--nowrap',
  },
]

const EMPTY: InvoiceFilters = { status: '', accountId: '', sentBy: '', from: '', to: '' }

/**
 * Every invoice for staff (requirements §22), newest first: filtered by status, account and issue days, searched by
 * number on the server, a page at a time, all in the URL; "Run billing now" issues what is due and says what it
 * did; the exports for the accounting package follow.
 */
export function InvoicesList({ api = ADMIN_BILLING_API }: { api?: AdminBillingApi }) {
  const notify = useNotify()
  const [searchParams, setSearchParams] = useSearchParams()
  const [table, setTable] = useTableSearchParams({ pageSize: 20 })
  const filters = readInvoiceFilters(searchParams)
  const filterKey = JSON.stringify(filters)
  const [draft, setDraft] = useState<InvoiceFilters>(filters)
  const [data, setData] = useState<InvoiceList | null>(null)
  const [loading, setLoading] = useState(true)
  const [version, setVersion] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters as text stand for the filters
  useEffect(() => setDraft(filters), [filterKey])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters as text stand for the filters; a run loads again
  useEffect(() => {
    const controller = new AbortController()
    setLoading(true)
    api
      .list(
        {
          search: table.search.trim() || undefined,
          status: filters.status || undefined,
          accountId: filters.accountId ? Number(filters.accountId) : undefined,
          sentBy: filters.sentBy || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
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
        notify.error(apiWords(error, SCREEN.listLoadFailed))
      })
    return () => controller.abort()
  }, [api, filterKey, table, notify, version])

  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && table.page > 1) {
      setTable({ page: pageCount(data.total, table.pageSize) }, { replace: true })
    }
  }, [data, table.page, table.pageSize, setTable])

  const apply = (next: InvoiceFilters) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        params.delete('page')
        for (const [key, value] of Object.entries(next)) {
          if (value) params.set(key, value)
          else params.delete(key)
        }
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
    <div className="billing-admin">
      <RunBilling api={api} onRan={() => setVersion((value) => value + 1)} />
      <FilterPanel label="Filter invoices">
        <form className={filterFormClass} aria-label="Filter invoices" onSubmit={submit} noValidate>
          <PlainSelect
            label="Status"
            value={draft.status}
            onChange={(event) =>
              setDraft({ ...draft, status: event.currentTarget.value as InvoiceFilters['status'] })
            }
          >
            <option value="">All invoices</option>
            {INVOICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </PlainSelect>
          <AccountSelect
            value={draft.accountId}
            onChange={(accountId) => setDraft({ ...draft, accountId })}
          />
          <PlainSelect
            label="Sent by"
            value={draft.sentBy}
            onChange={(event) =>
              setDraft({ ...draft, sentBy: event.currentTarget.value as InvoiceFilters['sentBy'] })
            }
          >
            <option value="">Any way</option>
            {DOCUMENT_DELIVERY_METHODS.map((method) => (
              <option key={method} value={method}>
                {DELIVERY_WORDS[method]}
              </option>
            ))}
          </PlainSelect>
          <DayInput
            label="Issued from"
            value={draft.from}
            onChange={(from) => setDraft({ ...draft, from })}
          />
          <DayInput label="Issued to" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
          <FilterActions
            apply={
              <button type="submit" className="button button--primary">
                Apply filters
              </button>
            }
            onClear={() => {
              setDraft(EMPTY)
              apply(EMPTY)
            }}
          />
        </form>
      </FilterPanel>
      <p className="inbox__count" role="status">
        {loading
          ? 'Loading the invoices…'
          : `${data?.total ?? 0} ${data?.total === 1 ? 'invoice' : 'invoices'}`}
      </p>
      <DataTable
        caption="Invoices"
        columns={COLUMNS}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        rowKey={(invoice) => String(invoice.id)}
        state={table}
        onStateChange={setTable}
        loading={loading}
        emptyText={SCREEN.noInvoices}
        searchLabel="Search by invoice number"
      />
      <ExportPanel api={api} />
    </div>
  )
}

/** The accounts to filter by (the first 100 by the API's order). */
function AccountSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [accounts, setAccounts] = useState<CustomerAccountSummary[]>([])
  useEffect(() => {
    const controller = new AbortController()
    listAccountsToFilter({ signal: controller.signal })
      .then((page) => setAccounts(page.items))
      .catch(() => {
        // The filter still works from the URL; the list of names is a convenience.
      })
    return () => controller.abort()
  }, [])
  return (
    <PlainSelect label="Account" value={value} onChange={(event) => onChange(event.currentTarget.value)}>
      <option value="">All accounts</option>
      {value !== '' && !accounts.some((account) => String(account.id) === value) ? (
        <option value={value}>{`Account ${value}`}</option>
      ) : null}
      {accounts.map((account) => (
        <option key={account.id} value={account.id}>
          {`${account.accountNumber} ${account.legalName}`}
        </option>
      ))}
    </PlainSelect>
  )
}

/** "Run billing now": the billing run as at now (administrators), and what it issued. */
function RunBilling({ api, onRan }: { api: AdminBillingApi; onRan: () => void }) {
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState('')
  const run = async () => {
    setBusy(true)
    setSaid('')
    try {
      const result = await api.run()
      setSaid(SCREEN.ran(result.invoices, result.adjustmentNotes, result.skipped, result.failed))
      onRan()
    } catch (error) {
      notify.error(apiWords(error, SCREEN.runFailed))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="billing-run">
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void run()}
      >
        {busy ? 'Running…' : 'Run billing now'}
      </button>
      <p className="billing-run__said" role="status">
        {said}
      </p>
    </div>
  )
}
