import { businessDay, formatDateTime, formatIsoDay } from '@signalway/shared/business-time'
import type { MyCustomerAccountDetail } from '@signalway/shared/customer-accounts'
import { type Cents, formatMoney } from '@signalway/shared/money'
import {
  ON_HIRE_MESSAGES,
  type OnHire,
  type OnHireBooking,
  type OnHireGroup,
  type OnHireQuery,
  type OnHireUnit,
} from '@signalway/shared/on-hire'
import { type FormEvent, useCallback, useId, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { TableScroll } from '../../components/ui/data-table/table-scroll.tsx'
import { LoadFailed } from '../../components/ui/load-failed.tsx'
import { useNotify } from '../../components/ui/notifications/index.ts'
import { PlainSelect } from '../../components/ui/plain-select.tsx'
import { useLoaded } from '../../components/ui/use-loaded.ts'
import { failureMessage } from '../../lib/api-client.ts'
import { saveBlob } from '../../lib/save-blob.ts'
import { AccountFaults } from './account-faults.tsx'
import { ON_HIRE_API, type OnHireApi } from './api.ts'
import { ExtendForm, extendStatus } from './extend-form.tsx'
import { faultStatus, MemberFaultForm } from './fault-form.tsx'
import { FAULTS_API, type FaultsApi } from './faults-api.ts'
import { OffHireForm, offHireStatus, runsOn } from './off-hire-form.tsx'

const money = (cents: number) => formatMoney(cents as Cents)

/** The filters as the query string holds them. */
export function readOnHireQuery(params: URLSearchParams): OnHireQuery {
  const siteId = Number(params.get('siteId'))
  const po = params.get('po')?.trim()
  return {
    ...(Number.isInteger(siteId) && siteId > 0 ? { siteId } : {}),
    ...(po ? { po } : {}),
  }
}

type Open = { bookingId: number; action: 'extend' | 'off-hire' } | null

/** The unit whose "Report a fault" form is open, and what to do with a report sent. */
interface Reporting {
  accountId: number
  api: FaultsApi
  lineId: number | null
  setLineId: (lineId: number | null) => void
  onDone: (message: string) => Promise<void>
}

/**
 * What the account has on hire (ADR 048, requirements §19): every unit out the member may see, by site and
 * purchase order, with its days and running cost to date ex GST (GST beside the totals); the filters are a plain
 * GET form; each booking offers Extend (Orderers, Account admins) and Off-hire (and Site supervisors); each unit
 * "Report a fault" (every member). The account's faults (ADR 049) follow.
 */
export function OnHireSection({
  account,
  api = ON_HIRE_API,
  faultsApi = FAULTS_API,
}: {
  account: MyCustomerAccountDetail
  api?: OnHireApi
  faultsApi?: FaultsApi
}) {
  const headingId = useId()
  const notify = useNotify()
  const [params] = useSearchParams()
  const query = readOnHireQuery(params)
  const { siteId, po } = query
  const load = useCallback(
    () => api.get(account.id, { ...(siteId ? { siteId } : {}), ...(po ? { po } : {}) }),
    [api, account.id, siteId, po],
  )
  const { loaded, reload } = useLoaded(load, ON_HIRE_MESSAGES.loadFailed)
  const [status, setStatus] = useState('')
  const [open, setOpen] = useState<Open>(null)
  const [exporting, setExporting] = useState(false)
  const [reportLine, setReportLine] = useState<number | null>(null)
  const [faultsVersion, setFaultsVersion] = useState(0)
  const statusRef = useRef<HTMLParagraphElement>(null)

  const done = async (message: string) => {
    setStatus(message)
    setOpen(null)
    await reload()
    statusRef.current?.focus()
  }
  const reporting: Reporting = {
    accountId: account.id,
    api: faultsApi,
    lineId: reportLine,
    setLineId: setReportLine,
    onDone: async (message) => {
      setReportLine(null)
      setFaultsVersion((version) => version + 1)
      await done(message)
    },
  }

  const download = async (onHire: OnHire) => {
    setExporting(true)
    try {
      const blob = await api.csv(account.id, query)
      saveBlob(
        blob,
        `on-hire-${onHire.accountNumber}-${formatIsoDay(businessDay(new Date(onHire.asAt)))}.csv`,
      )
    } catch (error) {
      notify.error(failureMessage(error, 'The CSV could not be downloaded. Please try again.'))
    } finally {
      setExporting(false)
    }
  }

  return (
    <>
      <section className="record-panel on-hire" aria-labelledby={headingId}>
        <h2 id={headingId} className="record-panel__title">
          On hire
        </h2>
        <p ref={statusRef} role="status" className="on-hire__status" tabIndex={-1}>
          {status}
        </p>
        {loaded.state === 'failed' ? (
          <LoadFailed message={ON_HIRE_MESSAGES.loadFailed} onRetry={reload} />
        ) : null}
        {loaded.state === 'loading' ? <p>Loading the units on hire…</p> : null}
        {loaded.state === 'ready' ? (
          <>
            <Filters onHire={loaded.value} query={query} />
            <p className="on-hire__actions">
              <button
                type="button"
                className="button button--outline"
                onClick={() => void download(loaded.value)}
                disabled={exporting}
                aria-busy={exporting || undefined}
              >
                Download CSV
              </button>
            </p>
            <OnHireBody
              accountId={account.id}
              onHire={loaded.value}
              api={api}
              open={open}
              setOpen={setOpen}
              filtered={siteId !== undefined || po !== undefined}
              onDone={done}
              reporting={reporting}
            />
          </>
        ) : null}
      </section>
      {/* After the units: appearing above them or before them, it would push the tables down as they load. */}
      {loaded.state === 'loading' ? null : (
        <AccountFaults accountId={account.id} api={faultsApi} version={faultsVersion} />
      )}
    </>
  )
}

function Filters({ onHire, query }: { onHire: OnHire; query: OnHireQuery }) {
  const { pathname } = useLocation()
  const [, setSearchParams] = useSearchParams()
  // A plain GET form: the filters are the page's query string, so it works without JavaScript too; with it, the
  // page follows the query string without loading again.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const next = new URLSearchParams()
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value !== '') next.set(key, value)
    }
    setSearchParams(next, { preventScrollReset: true })
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search role on a div, as FilterPanel does.
    <div className="filter-panel" role="search" aria-label="Filter units on hire">
      <form
        method="get"
        action={pathname}
        className="filter-panel__form"
        key={`${query.siteId ?? ''}|${query.po ?? ''}`}
        onSubmit={submit}
      >
        <PlainSelect label="Site" name="siteId" defaultValue={query.siteId ? String(query.siteId) : ''}>
          <option value="">All sites</option>
          {onHire.sites.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </PlainSelect>
        <PlainSelect label="PO" name="po" defaultValue={query.po ?? ''}>
          <option value="">All POs</option>
          {onHire.poNumbers.map((number) => (
            <option key={number} value={number}>
              {number}
            </option>
          ))}
        </PlainSelect>
        <div className="form-actions filter-panel__actions">
          <button type="submit" className="button button--primary">
            Filter
          </button>
          <Link to={pathname} className="button button--outline">
            Clear
          </Link>
        </div>
      </form>
    </div>
  )
}

function OnHireBody({
  accountId,
  onHire,
  api,
  open,
  setOpen,
  filtered,
  onDone,
  reporting,
}: {
  accountId: number
  onHire: OnHire
  api: OnHireApi
  open: Open
  setOpen: (open: Open) => void
  filtered: boolean
  onDone: (message: string) => Promise<void>
  reporting: Reporting
}) {
  if (onHire.groups.length === 0)
    return <p>{filtered ? ON_HIRE_MESSAGES.nothingMatches : ON_HIRE_MESSAGES.nothingOnHire}</p>
  const { totals } = onHire
  const units = onHire.groups.flatMap((group) => group.units)
  return (
    <>
      <p className="on-hire__total">
        {`${totals.units} ${totals.units === 1 ? 'unit' : 'units'} on hire: ${money(totals.costCents)} ex GST to date, GST ${money(totals.gstCents)}, ${money(totals.costCents + totals.gstCents)} inc GST.`}
      </p>
      {onHire.groups.map((group) => (
        <GroupTable key={`${group.siteId}|${group.poNumber ?? ''}`} group={group} reporting={reporting} />
      ))}
      <h3 className="on-hire__subtitle">Bookings</h3>
      <ul className="on-hire__bookings">
        {onHire.bookings.map((booking) => {
          const own = units.filter((unit) => unit.bookingId === booking.id)
          const offHireable = onHire.canOffHire && own.some(runsOn)
          const isOpen = (action: 'extend' | 'off-hire') =>
            open?.bookingId === booking.id && open.action === action
          return (
            <li key={booking.id} className="on-hire__booking">
              <p>
                <strong>{booking.reference}</strong>
                {` ${booking.siteName}${booking.poNumber ? `, PO ${booking.poNumber}` : ''}. Expected end ${formatDateTime(booking.endsAt, booking.timeZone)}.`}
              </p>
              <p className="on-hire__booking-actions">
                {onHire.canExtend ? (
                  <button
                    type="button"
                    className="button button--outline button--sm"
                    aria-label={`Extend ${booking.reference}`}
                    aria-expanded={isOpen('extend')}
                    onClick={() =>
                      setOpen(isOpen('extend') ? null : { bookingId: booking.id, action: 'extend' })
                    }
                  >
                    Extend
                  </button>
                ) : null}
                {offHireable ? (
                  <button
                    type="button"
                    className="button button--outline button--sm"
                    aria-label={`Off-hire ${booking.reference}`}
                    aria-expanded={isOpen('off-hire')}
                    onClick={() =>
                      setOpen(isOpen('off-hire') ? null : { bookingId: booking.id, action: 'off-hire' })
                    }
                  >
                    Off-hire
                  </button>
                ) : null}
              </p>
              <BookingForm
                accountId={accountId}
                booking={booking}
                units={own}
                api={api}
                now={new Date(onHire.asAt)}
                action={isOpen('extend') ? 'extend' : isOpen('off-hire') ? 'off-hire' : null}
                onCancel={() => setOpen(null)}
                onDone={onDone}
              />
            </li>
          )
        })}
      </ul>
    </>
  )
}

function BookingForm({
  accountId,
  booking,
  units,
  api,
  now,
  action,
  onCancel,
  onDone,
}: {
  accountId: number
  booking: OnHireBooking
  units: readonly OnHireUnit[]
  api: OnHireApi
  now: Date
  action: 'extend' | 'off-hire' | null
  onCancel: () => void
  onDone: (message: string) => Promise<void>
}) {
  if (action === 'extend')
    return (
      <ExtendForm
        accountId={accountId}
        booking={booking}
        api={api}
        onCancel={onCancel}
        onDone={(result) => void onDone(extendStatus(booking.reference, result, booking.timeZone))}
      />
    )
  if (action === 'off-hire')
    return (
      <OffHireForm
        accountId={accountId}
        booking={booking}
        units={units}
        api={api}
        now={now}
        onCancel={onCancel}
        onDone={(result) => void onDone(offHireStatus(result, booking.timeZone))}
      />
    )
  return null
}

/** An off-hire's number and pick-up, a unit swapped out at an extension, or none. */
function offHireText(unit: OnHireUnit): string {
  if (unit.offHireNumber && unit.pickupAt)
    return `${unit.offHireNumber}, pick-up ${formatDateTime(unit.pickupAt, unit.timeZone)}`
  if (unit.chargesStopAt) return `Swapped ${formatDateTime(unit.chargesStopAt, unit.timeZone)}`
  return 'None'
}

function GroupTable({ group, reporting }: { group: OnHireGroup; reporting: Reporting }) {
  const title = `${group.siteName}, ${group.poNumber ? `PO ${group.poNumber}` : 'no PO'}`
  const reported = group.units.find((unit) => unit.lineId === reporting.lineId)
  return (
    <>
      <TableScroll label={title} className="on-hire__scroll">
        <table className="on-hire__table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Fleet number</th>
              <th scope="col">Type</th>
              <th scope="col">Booking</th>
              <th scope="col">On hire</th>
              <th scope="col">Expected end</th>
              <th scope="col">Off-hire</th>
              <th scope="col" className="on-hire__number">
                Days
              </th>
              <th scope="col" className="on-hire__number">
                Cost ex GST
              </th>
              <th scope="col">Fault</th>
            </tr>
          </thead>
          <tbody>
            {group.units.map((unit) => (
              <tr key={unit.lineId}>
                <th scope="row">{unit.fleetNumber}</th>
                {/* data-label: a phone shows each row as a card, every value under its column's name. */}
                <td data-label="Type">{unit.typeName}</td>
                <td data-label="Booking">{unit.bookingReference}</td>
                <td data-label="On hire">{formatDateTime(unit.onHireAt, unit.timeZone)}</td>
                <td data-label="Expected end">{formatDateTime(unit.expectedEndAt, unit.timeZone)}</td>
                <td data-label="Off-hire">{offHireText(unit)}</td>
                <td data-label="Days" className="on-hire__number">
                  {unit.days}
                </td>
                <td data-label="Cost ex GST" className="on-hire__number">
                  {money(unit.costCents)}
                </td>
                <td data-label="Fault">
                  <button
                    type="button"
                    className="button button--outline button--sm"
                    aria-label={`Report a fault on ${unit.fleetNumber}`}
                    aria-expanded={reporting.lineId === unit.lineId}
                    onClick={() => reporting.setLineId(reporting.lineId === unit.lineId ? null : unit.lineId)}
                  >
                    Report a fault
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={7}>
                Subtotal
              </th>
              <td className="on-hire__number">
                {`${money(group.costCents)} ex GST`}
                <br />
                {`GST ${money(group.gstCents)}`}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      {reported ? (
        <MemberFaultForm
          accountId={reporting.accountId}
          unit={reported}
          api={reporting.api}
          onCancel={() => reporting.setLineId(null)}
          onDone={(result) => void reporting.onDone(faultStatus(reported, result))}
        />
      ) : null}
    </>
  )
}
