import type { AdjustmentNoteSummary, InvoiceSummary } from '@signalway/shared/receivables'
import { useId } from 'react'
import { Link } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { dayText, money } from '../format.ts'
import { DownloadButton, documentFilename } from './download.tsx'
import { InvoiceStatusBadge } from './invoice-status-badge.tsx'

const INVOICE_COLUMNS = [
  { label: 'Invoice' },
  { label: 'Status' },
  { label: 'Issued' },
  { label: 'Due' },
  { label: 'Total inc GST' },
  { label: 'Owing' },
  { label: 'PDF' },
] as const

const NOTE_COLUMNS = [
  { label: 'Adjustment note' },
  { label: 'Invoice' },
  { label: 'Issued' },
  { label: 'Reason' },
  { label: 'Total inc GST' },
  { label: 'PDF' },
] as const

/**
 * An account's invoices (with their status and amount owing) and adjustment notes, each with its PDF: for staff
 * on the account's billing page (the invoice linked to its page) and for the account's members in My Account.
 */
export function DocumentTables({
  invoices,
  notes,
  pdf,
  invoiceHref,
}: {
  invoices: readonly InvoiceSummary[]
  notes: readonly AdjustmentNoteSummary[]
  pdf: (kind: 'invoice' | 'note', id: number) => Promise<Blob>
  invoiceHref?: (id: number) => string
}) {
  const invoicesId = useId()
  const notesId = useId()
  return (
    <>
      <section className="record-panel" aria-labelledby={invoicesId}>
        <h2 id={invoicesId} className="record-panel__title">
          Invoices
        </h2>
        {invoices.length === 0 ? (
          <p className="inbox__empty">No invoices yet.</p>
        ) : (
          <AdminTable
            label="Invoices"
            caption="Invoices, newest first"
            className="billing-invoices"
            columns={INVOICE_COLUMNS}
          >
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td data-label="Invoice">
                  {invoiceHref ? <Link to={invoiceHref(invoice.id)}>{invoice.number}</Link> : invoice.number}
                </td>
                <td data-label="Status">
                  <InvoiceStatusBadge status={invoice.status} />
                </td>
                <td data-label="Issued">{dayText(invoice.issueDate)}</td>
                <td data-label="Due">{dayText(invoice.dueDate)}</td>
                <td data-label="Total inc GST">
                  {money(invoice.totalCents)}
                  <span className="billing-gst">{`GST ${money(invoice.gstCents)}`}</span>
                </td>
                <td data-label="Owing">{money(invoice.owingCents)}</td>
                <td data-label="PDF">
                  <DownloadButton
                    fetch={() => pdf('invoice', invoice.id)}
                    filename={documentFilename(invoice.number)}
                    label="Download (PDF)"
                    hidden={`invoice ${invoice.number}`}
                  />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <section className="record-panel" aria-labelledby={notesId}>
        <h2 id={notesId} className="record-panel__title">
          Adjustment notes
        </h2>
        {notes.length === 0 ? (
          <p className="inbox__empty">No adjustment notes.</p>
        ) : (
          <AdminTable
            label="Adjustment notes"
            caption="Adjustment notes, newest first"
            className="billing-notes"
            columns={NOTE_COLUMNS}
          >
            {notes.map((note) => (
              <tr key={note.id}>
                <td data-label="Adjustment note">{note.number}</td>
                <td data-label="Invoice">
                  {invoiceHref ? (
                    <Link to={invoiceHref(note.invoiceId)}>{note.invoiceNumber}</Link>
                  ) : (
                    note.invoiceNumber
                  )}
                </td>
                <td data-label="Issued">{dayText(note.issueDate)}</td>
                <td data-label="Reason">{note.reason}</td>
                <td data-label="Total inc GST">
                  {money(note.totalCents)}
                  <span className="billing-gst">{`GST ${money(note.gstCents)}`}</span>
                </td>
                <td data-label="PDF">
                  <DownloadButton
                    fetch={() => pdf('note', note.id)}
                    filename={documentFilename(note.number)}
                    label="Download (PDF)"
                    hidden={`adjustment note ${note.number}`}
                  />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </>
  )
}
