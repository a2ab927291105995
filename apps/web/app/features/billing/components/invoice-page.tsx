import { formatDateTime } from '@signalway/shared/business-time'
import { type AdjustmentNote, INVOICE_MESSAGES, type InvoiceDetail } from '@signalway/shared/invoices'
import type { InvoiceSummary, Ledger } from '@signalway/shared/receivables'
import { useCallback, useId } from 'react'
import { Link } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { ADMIN_BILLING_API, type AdminBillingApi } from '../api.ts'
import { dayText, money } from '../format.ts'
import { BILLING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { DELIVERY_WORDS } from '../words.ts'
import { DownloadButton, documentFilename } from './download.tsx'
import { InvoiceStatusBadge } from './invoice-status-badge.tsx'
import { NoteForm } from './note-form.tsx'

interface Loaded {
  invoice: InvoiceDetail
  ledger: Ledger
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/**
 * One invoice for staff (requirements §22, ADR 051): as issued (never changed), with its status and amount owing
 * from the account's ledger, its lines, GST and total, the PDF, its adjustment notes and the payments allocated to
 * it; then the form that issues an adjustment note against it.
 */
export function InvoicePage({ id, api = ADMIN_BILLING_API }: { id: number; api?: AdminBillingApi }) {
  const load = useCallback(async (): Promise<Loaded | null> => {
    try {
      const invoice = await api.invoice(id)
      return { invoice, ledger: await api.ledger(invoice.accountId) }
    } catch (error) {
      // No such invoice: said on the page, not retried.
      if (isApiError(error) && error.status === 404) return null
      throw error
    }
  }, [api, id])
  const { loaded, reload } = useLoaded(load, SCREEN.invoiceLoadFailed)
  if (loaded.state === 'failed')
    return <LoadFailed message={SCREEN.invoiceLoadFailed} onRetry={reload} className="inbox__empty" />
  if (loaded.state === 'loading') return <p className="inbox__count">Loading the invoice…</p>
  if (loaded.value === null)
    return (
      <div className="publishing billing-invoice">
        <p className="inbox__empty">{INVOICE_MESSAGES.notFound}</p>
        <p>
          <Link to={paths.admin.invoices}>Back to Invoices</Link>
        </p>
      </div>
    )
  const { invoice, ledger } = loaded.value
  const summary = ledger.invoices.find((item) => item.id === invoice.id)
  return (
    <div className="publishing billing-invoice">
      <p>
        <Link to={paths.admin.invoices}>Back to Invoices</Link>
        {' · '}
        <Link to={paths.admin.accountBilling(invoice.accountId)}>The account’s billing</Link>
      </p>
      <InvoiceHeader invoice={invoice} summary={summary} api={api} />
      <InvoiceLines invoice={invoice} />
      <Notes notes={invoice.adjustmentNotes} api={api} />
      <Allocations invoice={invoice} ledger={ledger} />
      <NoteForm invoice={invoice} api={api} onIssued={reload} />
    </div>
  )
}

function InvoiceHeader({
  invoice,
  summary,
  api,
}: {
  invoice: InvoiceDetail
  summary: InvoiceSummary | undefined
  api: AdminBillingApi
}) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {`Tax invoice ${invoice.number}`} {summary ? <InvoiceStatusBadge status={summary.status} /> : null}
      </h2>
      <dl className="credit-record__facts">
        <Fact term="Buyer">
          <Link to={paths.admin.accountBilling(invoice.accountId)}>
            {`${invoice.buyerAccountNumber} ${invoice.buyerName}`}
          </Link>
        </Fact>
        <Fact term="Buyer’s ABN">{invoice.buyerAbn}</Fact>
        <Fact term="Issued">{dayText(invoice.issueDate)}</Fact>
        <Fact term="Due">{dayText(invoice.dueDate)}</Fact>
        <Fact term="Period">
          {invoice.periodStart
            ? `${formatDateTime(invoice.periodStart)} to ${formatDateTime(invoice.periodEnd)}`
            : `To ${formatDateTime(invoice.periodEnd)}`}
        </Fact>
        <Fact term="Purchase orders">{invoice.poNumbers || 'None'}</Fact>
        <Fact term="Subtotal ex GST">{money(invoice.subtotalCents)}</Fact>
        <Fact term="GST">{money(invoice.gstCents)}</Fact>
        <Fact term="Total inc GST">{money(invoice.totalCents)}</Fact>
        <Fact term="Adjusted">{money(invoice.creditedCents)}</Fact>
        <Fact term="Paid">{summary ? money(summary.allocatedCents) : ''}</Fact>
        <Fact term="Owing">{summary ? money(summary.owingCents) : ''}</Fact>
        <Fact term="Payment reference">{invoice.paymentReference}</Fact>
        <Fact term="Sent by">{DELIVERY_WORDS[invoice.deliveryMethod]}</Fact>
      </dl>
      <p>
        {invoice.pdfReady ? (
          <DownloadButton
            fetch={() => api.pdf('invoice', invoice.id)}
            filename={documentFilename(invoice.number)}
            label="Download the invoice (PDF)"
            className="button button--outline"
          />
        ) : (
          SCREEN.pdfNotReady
        )}
      </p>
    </section>
  )
}

const LINE_COLUMNS = [
  { label: 'Description' },
  { label: 'Unit' },
  { label: 'Period' },
  { label: 'Quantity' },
  { label: 'Amount ex GST' },
] as const

function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Lines
      </h2>
      <AdminTable
        label="Invoice lines"
        caption="The invoice’s lines"
        className="billing-lines"
        columns={LINE_COLUMNS}
      >
        {invoice.lines.map((line) => (
          <tr key={line.id}>
            <td data-label="Description">{line.description}</td>
            <td data-label="Unit">{line.fleetNumber ?? ''}</td>
            <td data-label="Period">
              {line.firstDay && line.lastDay ? `${dayText(line.firstDay)} to ${dayText(line.lastDay)}` : ''}
            </td>
            <td data-label="Quantity">{line.quantity}</td>
            <td data-label="Amount ex GST" className="billing-amount">
              {money(line.amountCents)}
            </td>
          </tr>
        ))}
      </AdminTable>
      <dl className="billing-totals">
        <div>
          <dt>Subtotal ex GST</dt>
          <dd>{money(invoice.subtotalCents)}</dd>
        </div>
        <div>
          <dt>GST</dt>
          <dd>{money(invoice.gstCents)}</dd>
        </div>
        <div>
          <dt>Total inc GST</dt>
          <dd>{money(invoice.totalCents)}</dd>
        </div>
      </dl>
    </section>
  )
}

const NOTE_COLUMNS = [
  { label: 'Adjustment note' },
  { label: 'Issued' },
  { label: 'Reason' },
  { label: 'Total inc GST' },
  { label: 'PDF' },
] as const

/** The invoice's adjustment notes with their PDFs (also used in My Account's list of notes). */
export function Notes({
  notes,
  api,
}: {
  notes: readonly AdjustmentNote[]
  api: Pick<AdminBillingApi, 'pdf'>
}) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Adjustment notes
      </h2>
      {notes.length === 0 ? (
        <p className="inbox__empty">No adjustment notes.</p>
      ) : (
        <AdminTable
          label="Adjustment notes"
          caption="The invoice’s adjustment notes"
          className="billing-notes"
          columns={NOTE_COLUMNS}
        >
          {notes.map((note) => (
            <tr key={note.id}>
              <td data-label="Adjustment note">{note.number}</td>
              <td data-label="Issued">{dayText(note.issueDate)}</td>
              <td data-label="Reason">{note.reason}</td>
              <td data-label="Total inc GST">
                {money(note.totalCents)}
                <span className="billing-gst">{`GST ${money(note.gstCents)}`}</span>
              </td>
              <td data-label="PDF">
                {note.pdfReady ? (
                  <DownloadButton
                    fetch={() => api.pdf('note', note.id)}
                    filename={documentFilename(note.number)}
                    label="Download (PDF)"
                    hidden={note.number}
                  />
                ) : (
                  SCREEN.pdfNotReady
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  )
}

const ALLOCATION_COLUMNS = [
  { label: 'Payment' },
  { label: 'Received' },
  { label: 'Allocated' },
  { label: 'Amount' },
] as const

function Allocations({ invoice, ledger }: { invoice: InvoiceDetail; ledger: Ledger }) {
  const headingId = useId()
  const rows = ledger.payments.flatMap((payment) =>
    payment.allocations
      .filter((allocation) => allocation.invoiceId === invoice.id)
      .map((allocation) => ({ payment, allocation })),
  )
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Payments allocated
      </h2>
      {rows.length === 0 ? (
        <p className="inbox__empty">No payments allocated yet.</p>
      ) : (
        <AdminTable
          label="Payments allocated"
          caption="Payments allocated to the invoice, and their reversals"
          className="billing-allocations"
          columns={ALLOCATION_COLUMNS}
        >
          {rows.map(({ payment, allocation }) => (
            <tr key={allocation.id}>
              <td data-label="Payment">
                {payment.reference || `Payment ${payment.id}`}
                {allocation.reversesAllocationId !== null ? ' (reversal)' : ''}
                {allocation.reversed ? ' (reversed)' : ''}
              </td>
              <td data-label="Received">{dayText(payment.receivedOn)}</td>
              <td data-label="Allocated">{formatDateTime(allocation.createdAt)}</td>
              <td data-label="Amount">{money(allocation.amountCents)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  )
}
