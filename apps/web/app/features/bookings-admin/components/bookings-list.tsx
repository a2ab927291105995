import {
  BOOKING_STATUS_WORDS,
  BOOKING_STATUSES,
  type BookingStatus,
  type BookingSummary,
} from '@signalway/shared/bookings'
import {
  AWAITING_APPROVAL_WORDS,
  type BookingAdminList,
  INBOX_STATUS_ORDER,
} from '@signalway/shared/bookings-admin'
import { formatDateTime } from '@signalway/shared/business-time'
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
import { listBookings } from '../api/bookings.ts'
import { BOOKING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { BookingStatusBadge } from './status-badge.tsx'

type StatusFilter = BookingStatus | ''

function readStatus(params: URLSearchParams): StatusFilter {
  const status = params.get('status')
  return (BOOKING_STATUSES as readonly string[]).includes(status ?? '') ? (status as BookingStatus) : ''
}

const COLUMNS: DataTableColumn<BookingSummary>[] = [
  {
    key: 'reference',
    header: 'Reference',
    cell: (booking) => <Link to={paths.admin.booking(booking.id)}>{booking.reference}</Link>,
    className: 'data-table__cell--nowrap',
  },
  {
    key: 'status',
    header: 'Status',
    cell: (booking) => (
      <>
        <BookingStatusBadge status={booking.status} />
        {booking.status === 'awaiting_approval' ? (
          <span className="field__hint">{AWAITING_APPROVAL_WORDS}</span>
        ) : null}
        {booking.staffCheck ? <span className="field__hint">Check before confirming</span> : null}
      </>
    ),
  },
  { key: 'account', header: 'Account', cell: (booking) => `${booking.accountNumber} ${booking.accountName}` },
  { key: 'site', header: 'Site', cell: (booking) => booking.siteName },
  {
    key: 'starts',
    header: 'Starts',
    cell: (booking) => (
      <time
        dateTime={booking.startsAt}
      >{`${formatDateTime(booking.startsAt, booking.depot.timeZone)} ${booking.depot.code}`}</time>
    ),
    className: 'data-table__cell--nowrap',
  },
  { key: 'po', header: 'PO', cell: (booking) => booking.poNumber ?? '' },
  {
    key: 'total',
    header: 'Total inc GST',
    cell: (booking) => formatMoney(booking.totalCents as Cents),
    className: 'data-table__cell--nowrap',
  },
]

/**
 * The bookings inbox: new requests first, those awaiting the customer's own approval next (said so), then the
 * rest; filtered by status and searched (reference, account, PO) on the server, a page at a time, in the URL.
 */
export function BookingsList({ list = listBookings }: { list?: typeof listBookings }) {
  const notify = useNotify()
  const [searchParams, setSearchParams] = useSearchParams()
  const [table, setTable] = useTableSearchParams({ pageSize: 20 })
  const status = readStatus(searchParams)
  const [draft, setDraft] = useState<StatusFilter>(status)
  const [data, setData] = useState<BookingAdminList | null>(null)
  const [loading, setLoading] = useState(true)

  useEffect(() => setDraft(status), [status])

  useEffect(() => {
    const controller = new AbortController()
    setLoading(true)
    list(
      {
        q: table.search.trim() || undefined,
        status: status || undefined,
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
        notify.error(failureMessage(error, SCREEN.listLoadFailed))
      })
    return () => controller.abort()
  }, [list, status, table, notify])

  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && table.page > 1) {
      setTable({ page: pageCount(data.total, table.pageSize) }, { replace: true })
    }
  }, [data, table.page, table.pageSize, setTable])

  const apply = (next: StatusFilter) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        params.delete('page')
        if (next) params.set('status', next)
        else params.delete('status')
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
    <div className="bookings-admin">
      <p>
        <Link to={paths.admin.bookingCollections}>Collections to schedule</Link>
      </p>
      <FilterPanel label="Filter bookings">
        <form className={filterFormClass} aria-label="Filter bookings" onSubmit={submit} noValidate>
          <PlainSelect
            label="Status"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value as StatusFilter)}
          >
            <option value="">All bookings</option>
            {INBOX_STATUS_ORDER.map((value) => (
              <option key={value} value={value}>
                {BOOKING_STATUS_WORDS[value]}
              </option>
            ))}
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
          ? 'Loading the bookings…'
          : `${data?.total ?? 0} ${data?.total === 1 ? 'booking' : 'bookings'}`}
      </p>
      <DataTable
        caption="Bookings"
        columns={COLUMNS}
        rows={data?.items ?? []}
        total={data?.total ?? 0}
        rowKey={(booking) => String(booking.id)}
        state={table}
        onStateChange={setTable}
        loading={loading}
        emptyText={SCREEN.noBookings}
        searchLabel="Search by reference, account or PO"
      />
    </div>
  )
}
