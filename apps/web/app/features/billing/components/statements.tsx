import { useId } from 'react'
import { melbourneToday, monthText, statementMonths } from '../format.ts'
import { DownloadButton } from './download.tsx'

/**
 * The account's monthly statements (requirements §22), newest first from this Melbourne month back to the month of
 * its first document or payment: each month's statement as PDF, worked out by the API when asked.
 */
export function StatementsPanel({
  accountNumber,
  days,
  pdf,
}: {
  accountNumber: string
  /** The days of the account's documents and payments: the earliest decides the first month offered. */
  days: readonly string[]
  pdf: (month: string) => Promise<Blob>
}) {
  const headingId = useId()
  const months = statementMonths(days, melbourneToday())
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Statements
      </h2>
      <ul className="billing-statements">
        {months.map((month) => (
          <li key={month}>
            <span>{monthText(month)}</span>
            <DownloadButton
              fetch={() => pdf(month)}
              filename={`statement-${accountNumber}-${month}.pdf`}
              label="Download statement (PDF)"
              hidden={monthText(month)}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
