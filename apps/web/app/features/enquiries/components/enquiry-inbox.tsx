import { isEnquiryKind, isEnquiryStatus } from '@signalway/shared/constants'
import type { Enquiry, EnquiryDetail, EnquiryFilter } from '@signalway/shared/enquiry-inbox'
import type { Paged } from '@signalway/shared/http'
import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { Pager } from '../../../components/ui/pager.tsx'
import { failureMessage } from '../../../lib/api-client.ts'
import { saveBlob } from '../../../lib/save-blob.ts'
import { csvFilename, exportEnquiries } from '../api/export-enquiries.ts'
import { ENQUIRY_PAGE_SIZE, listEnquiries } from '../api/list-enquiries.ts'
import { EnquiryDialog } from './enquiry-dialog.tsx'
import { EnquiryFilters } from './enquiry-filters.tsx'
import { EnquiryTable } from './enquiry-table.tsx'

export const ENQUIRIES_LOAD_FAILED = 'Unable to load the enquiries.'
export const EXPORT_FAILED = 'Unable to export the enquiries.'
export const NO_ENQUIRIES = 'No enquiries.'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The filter and page kept in the query string, so a reload or a shared link shows the same list. */
export function readInboxQuery(params: URLSearchParams): { filter: EnquiryFilter; page: number } {
  const day = (key: string) => {
    const value = params.get(key) ?? ''
    return DAY.test(value) ? value : undefined
  }
  const kind = params.get('kind')
  const status = params.get('status')
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    filter: {
      kind: isEnquiryKind(kind) ? kind : undefined,
      status: isEnquiryStatus(status) ? status : undefined,
      from: day('from'),
      to: day('to'),
      search: params.get('search')?.trim() || undefined,
    },
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
}

export function writeInboxQuery(filter: EnquiryFilter, page: number): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value))
  if (page > 1) params.set('page', String(page))
  return params
}

/** The staff's inbox: filters, CSV export, the list with paging, the detail dialog. */
export function EnquiryInbox() {
  const notify = useNotify()
  const [searchParams, setSearchParams] = useSearchParams()
  const query = searchParams.toString()
  const { filter, page } = useMemo(() => readInboxQuery(new URLSearchParams(query)), [query])
  const [data, setData] = useState<Paged<Enquiry> | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [opened, setOpened] = useState<Enquiry | null>(null)
  const [exporting, setExporting] = useState(false)

  useEffect(() => {
    let cancelled = false
    setLoadFailed(false)
    listEnquiries(filter, page)
      .then((result) => {
        if (!cancelled) setData(result)
      })
      .catch((error: unknown) => {
        if (cancelled) return
        setLoadFailed(true)
        notify.error(failureMessage(error, ENQUIRIES_LOAD_FAILED))
      })
    return () => {
      cancelled = true
    }
  }, [filter, page, notify])

  const apply = (next: EnquiryFilter) => setSearchParams(writeInboxQuery(next, 1))
  const goTo = (next: number) => setSearchParams(writeInboxQuery(filter, next))

  const changed = (updated: EnquiryDetail) => {
    setData((current) =>
      current
        ? {
            ...current,
            items: current.items.map((item) =>
              item.id === updated.id
                ? { ...item, status: updated.status, updatedAt: updated.updatedAt }
                : item,
            ),
          }
        : current,
    )
    setOpened((current) =>
      current && current.id === updated.id ? { ...current, status: updated.status } : current,
    )
  }

  const exportCsv = async () => {
    setExporting(true)
    try {
      saveBlob(await exportEnquiries(filter), csvFilename())
    } catch (error) {
      notify.error(failureMessage(error, EXPORT_FAILED))
    } finally {
      setExporting(false)
    }
  }

  const total = data?.total ?? 0

  return (
    <div className="inbox">
      <EnquiryFilters value={filter} onApply={apply} />
      <div className="inbox__toolbar">
        <p className="inbox__count" role="status">
          {data === null
            ? loadFailed
              ? ''
              : 'Loading enquiries…'
            : `${total} ${total === 1 ? 'enquiry' : 'enquiries'}`}
        </p>
        <button
          type="button"
          className="button button--outline"
          onClick={() => void exportCsv()}
          disabled={exporting || total === 0}
          aria-busy={exporting || undefined}
        >
          Export CSV
        </button>
      </div>
      {loadFailed ? <p className="inbox__empty">{ENQUIRIES_LOAD_FAILED}</p> : null}
      {data && data.items.length === 0 && !loadFailed ? <p className="inbox__empty">{NO_ENQUIRIES}</p> : null}
      {data && data.items.length > 0 ? (
        <>
          <EnquiryTable items={data.items} onOpen={setOpened} />
          <Pager
            page={data.page}
            pages={Math.max(1, Math.ceil(total / (data.pageSize || ENQUIRY_PAGE_SIZE)))}
            label="Enquiry pages"
            onPage={goTo}
          />
        </>
      ) : null}
      <EnquiryDialog enquiry={opened} onClose={() => setOpened(null)} onChanged={changed} />
    </div>
  )
}
