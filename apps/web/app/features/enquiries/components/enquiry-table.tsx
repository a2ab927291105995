import { formatDateTime } from '@signalway/shared'
import type { Enquiry } from '@signalway/shared/enquiry-inbox'
import { hireDetailLines } from '@signalway/shared/hire-details'
import { AdminTable, PersonCell } from '../../../components/ui/data-table/index.ts'
import { KIND_LABELS } from '../types.ts'
import { StatusBadge } from './status-badge.tsx'

const EXCERPT_LENGTH = 90

export function excerpt(text: string, length: number = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > length ? `${flat.slice(0, length - 1).trimEnd()}…` : flat
}

const COLUMNS = [
  { label: 'Reference' },
  { label: 'Received' },
  { label: 'Type' },
  { label: 'From' },
  { label: 'Status' },
  { label: 'Message' },
  { label: 'Actions', hidden: true },
]

/** A quote's hire details in a line: start, length, site and works, as the detail view words them. */
function hireSummary(details: Enquiry['hireDetails']): string {
  const shown = new Set(['Start date', 'Hire length', 'Site', 'Works'])
  return hireDetailLines(details)
    .filter((line) => shown.has(line.label))
    .map((line) => line.value)
    .join(' · ')
}

/** The inbox rows: the short reference the sender was given, received, type, sender, status, the start of the message, and a View button. */
export function EnquiryTable({ items, onOpen }: { items: Enquiry[]; onOpen: (enquiry: Enquiry) => void }) {
  return (
    <AdminTable label="Enquiries" caption="Enquiries, newest first" className="inbox-table" columns={COLUMNS}>
      {items.map((enquiry) => (
        <tr key={enquiry.id} className={enquiry.status === 'new' ? 'is-new' : undefined}>
          <td data-label="Reference" className="inbox-table__reference">
            {enquiry.reference}
          </td>
          <td data-label="Received">
            <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt)}</time>
          </td>
          <td data-label="Type">{KIND_LABELS[enquiry.kind]}</td>
          <PersonCell label="From" name={enquiry.name} email={enquiry.email} />
          <td data-label="Status">
            <StatusBadge status={enquiry.status} />
          </td>
          <td data-label="Message" className="inbox-table__message">
            <div>
              {enquiry.kind === 'quote' && enquiry.services.length > 0 ? (
                <span className="inbox-table__services">{enquiry.services.join(', ')}</span>
              ) : null}
              {hireSummary(enquiry.hireDetails) ? (
                <span className="inbox-table__hire">{hireSummary(enquiry.hireDetails)}</span>
              ) : null}
              {excerpt(enquiry.message)}
            </div>
          </td>
          <td className="inbox-table__actions">
            <button
              type="button"
              className="button button--outline button--sm"
              onClick={() => onOpen(enquiry)}
            >
              View
              <span className="visually-hidden">
                {' '}
                the {KIND_LABELS[enquiry.kind].toLowerCase()} from {enquiry.name}
              </span>
            </button>
          </td>
        </tr>
      ))}
    </AdminTable>
  )
}
