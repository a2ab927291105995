import { useId, useState } from 'react'
import type { AdminBillingApi } from '../api.ts'
import { melbourneToday } from '../format.ts'
import { BILLING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { DayInput } from './day-input.tsx'
import { DownloadButton } from './download.tsx'

const EXPORTS = [
  { name: 'invoices', label: 'Invoices' },
  { name: 'adjustment-notes', label: 'Adjustment notes' },
  { name: 'payments', label: 'Payments' },
] as const

/** The first day of this Melbourne month. */
const monthStart = (today: string) => `${today.slice(0, 7)}-01`

/**
 * The exports for the accounting package (docs/accounting-exports.md: Xero's sales invoice and credit note imports
 * and a payments layout): the days issued (received, for payments), both included, this month so far unless
 * changed; each CSV downloads with the staff member's token.
 */
export function ExportPanel({ api }: { api: AdminBillingApi }) {
  const headingId = useId()
  const today = melbourneToday()
  const [from, setFrom] = useState(monthStart(today))
  const [to, setTo] = useState(today)
  return (
    <section className="record-panel billing-export" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Export for the accounting package
      </h2>
      <p className="record-panel__hint">
        CSV files in Xero’s import layouts, for the days issued (payments: received) from and to the days
        below.
      </p>
      <div className="billing-export__days">
        <DayInput label="From" value={from} onChange={setFrom} />
        <DayInput label="To" value={to} onChange={setTo} />
      </div>
      <ul className="billing-export__links">
        {EXPORTS.map((item) => (
          <li key={item.name}>
            <DownloadButton
              fetch={() => api.csv(item.name, { from, to })}
              filename={`${item.name}-${from}-to-${to}.csv`}
              label={`Download ${item.label.toLowerCase()} (CSV)`}
              failed={SCREEN.csvFailed}
              className="button button--outline button--sm"
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
