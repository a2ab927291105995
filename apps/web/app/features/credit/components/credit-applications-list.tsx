import { customerTypeLabel, formatAbn, formatDateTime } from '@signalway/shared'
import type { CreditApplicationPage, CreditApplicationSummary } from '@signalway/shared/credit-admin'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { AdminTable, PersonCell } from '../../../components/ui/data-table/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { Pager } from '../../../components/ui/pager.tsx'
import { failureMessage } from '../../../lib/api-client.ts'
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
  { label: 'PDF', hidden: true },
]

function readQuery(params: URLSearchParams): { search: string; page: number } {
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return { search: params.get('search')?.trim() ?? '', page: Number.isFinite(page) && page > 0 ? page : 1 }
}

/**
 * Admin: the credit applications, newest first, searched by business name or ABN, with paging and
 * a download of each signed PDF. Search and page live in the query string.
 */
export function CreditApplicationsList() {
  const notify = useNotify()
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
    listCreditApplications({ search: query.search, page: query.page })
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

  const go = (search: string, page: number) => {
    const next = new URLSearchParams()
    if (search.trim()) next.set('search', search.trim())
    if (page > 1) next.set('page', String(page))
    setParams(next)
  }

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go(text, 1)
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
      <search>
        <form className="credit-admin__search" onSubmit={onSearch}>
          <div className="field">
            <label htmlFor={searchId} className="field__label">
              Search by business name or ABN
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
          <button type="submit" className="button button--primary">
            Search
          </button>
          {query.search ? (
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                setText('')
                go('', 1)
              }}
            >
              Clear search
            </button>
          ) : null}
        </form>
      </search>
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
                  <span className="credit-table__code">{item.reference}</span>
                </td>
                <td data-label="Business" className="credit-table__business">
                  {item.businessName}
                </td>
                <td data-label="ABN">
                  <span className="credit-table__code">{formatAbn(item.abn)}</span>
                </td>
                <td data-label="Type">{customerTypeLabel(item.customerType)}</td>
                <PersonCell label="Applicant" name={item.applicantName} email={item.email} />
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
            onPage={(page) => go(query.search, page)}
          />
        </>
      ) : null}
    </div>
  )
}
