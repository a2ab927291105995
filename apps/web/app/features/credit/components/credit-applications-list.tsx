import { customerTypeLabel, formatAbn, formatDateTime } from '@signalway/shared'
import {
  AWAITING_DECISION,
  CREDIT_STATUS_LABELS,
  CREDIT_STATUSES,
  type CreditApplicationPage,
  type CreditApplicationSummary,
  type CreditListStatus,
} from '@signalway/shared/credit-admin'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CreditStatusBadge } from '../../../components/ui/credit-status-badge.tsx'
import { AdminTable, PersonCell } from '../../../components/ui/data-table/index.ts'
import { FilterActions, FilterPanel, filterFormClass } from '../../../components/ui/filter-panel.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { Pager } from '../../../components/ui/pager.tsx'
import { PlainSelect } from '../../../components/ui/plain-select.tsx'
import { failureMessage } from '../../../lib/api-client.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import { paths } from '../../../lib/paths.ts'
import { saveBlob } from '../../../lib/save-blob.ts'
import { adminPdfFilename, getCreditApplicationPdf } from '../api/get-credit-application-pdf.ts'
import { CREDIT_APPLICATIONS_PAGE_SIZE, listCreditApplications } from '../api/list-credit-applications.ts'

export const CREDIT_LIST_FAILED = 'Unable to load the credit applications.'
export const CREDIT_PDF_FAILED = 'Unable to download the PDF.'
export const NO_CREDIT_APPLICATIONS = 'No credit applications.'

const COLUMNS = [
  { label: 'Submitted' },
  { label: 'Reference' },
  { label: 'Business' },
  { label: 'ABN' },
  { label: 'Type' },
  { label: 'Applicant' },
  { label: 'Status' },
  { label: 'Assigned to' },
  { label: 'PDF', hidden: true },
]

/** The status filter's choices: every status, and the dashboard's "awaiting a decision". */
const STATUS_FILTERS: readonly { value: CreditListStatus; label: string }[] = [
  { value: AWAITING_DECISION, label: 'Awaiting a decision' },
  ...CREDIT_STATUSES.map((status) => ({ value: status, label: CREDIT_STATUS_LABELS[status] })),
]

interface ListQuery {
  search: string
  status: CreditListStatus | ''
  /** An administrator's id, 'none', or '' for anyone. */
  assignee: string
  page: number
}

export function readQuery(params: URLSearchParams): ListQuery {
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  const status = params.get('status') ?? ''
  const assignee = params.get('assignee') ?? ''
  return {
    search: params.get('search')?.trim() ?? '',
    status: STATUS_FILTERS.find((filter) => filter.value === status)?.value ?? '',
    assignee: assignee === 'none' || /^\d+$/u.test(assignee) ? assignee : '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
}

/**
 * Admin: the credit applications, newest first, searched by business name, ABN or reference and filtered by
 * status and assignee, with paging, a link to each one's record and a download of its signed PDF.
 * Search, filters and page live in the query string.
 */
export function CreditApplicationsList() {
  const notify = useNotify()
  const { profile } = useAuth()
  const searchId = useId()
  const [params, setParams] = useSearchParams()
  const queryString = params.toString()
  const query = useMemo(() => readQuery(new URLSearchParams(queryString)), [queryString])
  const [text, setText] = useState(query.search)
  const [data, setData] = useState<CreditApplicationPage | null>(null)
  const [failed, setFailed] = useState(false)
  const [downloading, setDownloading] = useState<number | null>(null)

  useEffect(() => setText(query.search), [query.search])

  useEffect(() => {
    let cancelled = false
    setFailed(false)
    listCreditApplications({
      search: query.search,
      page: query.page,
      ...(query.status ? { status: query.status } : {}),
      ...(query.assignee ? { assignee: query.assignee } : {}),
    })
      .then((result) => {
        if (!cancelled) setData(result)
      })
      .catch((error: unknown) => {
        if (cancelled) return
        setFailed(true)
        notify.error(failureMessage(error, CREDIT_LIST_FAILED))
      })
    return () => {
      cancelled = true
    }
  }, [query, notify])

  const go = (changes: Partial<ListQuery>) => {
    const wanted = { ...query, page: 1, ...changes }
    const next = new URLSearchParams()
    if (wanted.search.trim()) next.set('search', wanted.search.trim())
    if (wanted.status) next.set('status', wanted.status)
    if (wanted.assignee) next.set('assignee', wanted.assignee)
    if (wanted.page > 1) next.set('page', String(wanted.page))
    setParams(next)
  }

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go({ search: text })
  }

  const download = async (item: CreditApplicationSummary) => {
    setDownloading(item.id)
    try {
      saveBlob(await getCreditApplicationPdf(item.id), adminPdfFilename(item.reference))
    } catch (error) {
      notify.error(failureMessage(error, CREDIT_PDF_FAILED))
    } finally {
      setDownloading(null)
    }
  }

  const total = data?.total ?? 0
  const pages = data ? Math.max(1, Math.ceil(total / (data.pageSize || CREDIT_APPLICATIONS_PAGE_SIZE))) : 1

  return (
    <div className="inbox credit-admin">
      <FilterPanel label="Filter">
        <form
          className={`${filterFormClass} credit-admin__search`}
          aria-label="Filter credit applications"
          onSubmit={onSearch}
        >
          <div className="field filter-panel__wide">
            <label htmlFor={searchId} className="field__label">
              Search by business name, ABN or reference
            </label>
            <input
              id={searchId}
              type="search"
              className="input"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              autoComplete="off"
            />
          </div>
          <PlainSelect
            label="Status"
            value={query.status}
            onChange={(event) => go({ status: event.currentTarget.value as CreditListStatus | '' })}
          >
            <option value="">Any status</option>
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </PlainSelect>
          <PlainSelect
            label="Assigned to"
            value={query.assignee}
            onChange={(event) => go({ assignee: event.currentTarget.value })}
          >
            <option value="">Anyone</option>
            {profile ? <option value={profile.id}>Me</option> : null}
            <option value="none">Nobody yet</option>
            {query.assignee && query.assignee !== 'none' && query.assignee !== profile?.id ? (
              <option value={query.assignee}>Someone else</option>
            ) : null}
          </PlainSelect>
          <FilterActions
            apply={
              <button type="submit" className="button button--primary">
                Search
              </button>
            }
            onClear={
              query.search || query.status || query.assignee
                ? () => {
                    setText('')
                    go({ search: '', status: '', assignee: '' })
                  }
                : undefined
            }
          />
        </form>
      </FilterPanel>
      <p className="inbox__count" role="status">
        {data === null
          ? failed
            ? ''
            : 'Loading credit applications…'
          : `${total} ${total === 1 ? 'application' : 'applications'}${query.search ? ` matching “${query.search}”` : ''}`}
      </p>
      {failed ? <p className="inbox__empty">{CREDIT_LIST_FAILED}</p> : null}
      {data && data.items.length === 0 && !failed ? (
        <p className="inbox__empty">{NO_CREDIT_APPLICATIONS}</p>
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <AdminTable
            label="Credit applications"
            caption="Credit applications, newest first"
            className="credit-table"
            columns={COLUMNS}
          >
            {data.items.map((item) => (
              <tr key={item.id}>
                <td data-label="Submitted">
                  <time dateTime={item.submittedAt} className="credit-table__date">
                    {formatDateTime(item.submittedAt)}
                  </time>
                </td>
                <td data-label="Reference">
                  <Link to={paths.admin.creditApplication(item.reference)} className="credit-table__code">
                    {item.reference}
                    <span className="visually-hidden">: open {item.businessName}</span>
                  </Link>
                </td>
                <td data-label="Business" className="credit-table__business">
                  {item.businessName}
                </td>
                <td data-label="ABN">
                  <span className="credit-table__code">{formatAbn(item.abn)}</span>
                </td>
                <td data-label="Type">{customerTypeLabel(item.customerType)}</td>
                <PersonCell label="Applicant" name={item.applicantName} email={item.email} />
                <td data-label="Status">
                  <CreditStatusBadge status={item.status} />
                </td>
                <td data-label="Assigned to">{item.assignee?.name ?? 'Nobody yet'}</td>
                <td className="credit-table__actions">
                  <button
                    type="button"
                    className="button button--outline button--sm"
                    onClick={() => void download(item)}
                    disabled={downloading === item.id}
                    aria-busy={downloading === item.id || undefined}
                  >
                    Download PDF<span className="visually-hidden"> of {item.businessName}</span>
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
          <Pager
            page={data.page}
            pages={pages}
            label="Credit application pages"
            onPage={(page) => go({ page })}
          />
        </>
      ) : null}
    </div>
  )
}
