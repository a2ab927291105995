import type { MyCustomerAccountDetail } from '@signalway/shared/customer-accounts'
import type { MyInvoices } from '@signalway/shared/receivables'
import { useCallback, useEffect, useId, useState } from 'react'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { isApiError } from '../../../lib/api-client.ts'
import { MY_BILLING_API, type MyBillingApi } from '../api.ts'
import { BILLING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { apiWords } from '../words.ts'
import { ledgerDays } from './account-billing.tsx'
import { DocumentTables } from './document-tables.tsx'
import { AccountPosition } from './position.tsx'
import { StatementsPanel } from './statements.tsx'

/** The roles that see the account's invoices (the API checks on every call). */
export const INVOICE_READERS: readonly MyCustomerAccountDetail['role'][] = ['account_admin', 'accounts']

type State =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'refused'; message: string }
  | { state: 'ready'; value: MyInvoices }

/**
 * My Account → Invoices (requirements §22), for the account's Account admins and Accounts members: the balance,
 * credit limit, available credit and ageing, every invoice and adjustment note with its status and PDF, and the
 * monthly statements. Anyone else is told, in the API's words, that the page is not theirs.
 */
export function MyInvoicesSection({
  account,
  api = MY_BILLING_API,
}: {
  account: MyCustomerAccountDetail
  api?: MyBillingApi
}) {
  const headingId = useId()
  const [loaded, setLoaded] = useState<State>({ state: 'loading' })
  const reload = useCallback(async () => {
    try {
      setLoaded({ state: 'ready', value: await api.invoices(account.id) })
    } catch (error) {
      if (isApiError(error) && (error.status === 403 || error.status === 404))
        setLoaded({ state: 'refused', message: apiWords(error, SCREEN.forbidden) })
      else setLoaded({ state: 'failed' })
    }
  }, [api, account.id])
  useEffect(() => {
    void reload()
  }, [reload])

  if (loaded.state !== 'ready')
    return (
      <section className="record-panel" aria-labelledby={headingId}>
        <h2 id={headingId} className="record-panel__title">
          Invoices
        </h2>
        {loaded.state === 'loading' ? <p role="status">Loading the invoices…</p> : null}
        {loaded.state === 'failed' ? (
          <LoadFailed message={SCREEN.myInvoicesLoadFailed} onRetry={reload} />
        ) : null}
        {loaded.state === 'refused' ? <p role="alert">{loaded.message}</p> : null}
      </section>
    )
  const mine = loaded.value
  return (
    <div className="billing-mine">
      <AccountPosition position={mine} title="Where the account stands" />
      <DocumentTables invoices={mine.invoices} notes={mine.adjustmentNotes} pdf={api.pdf} />
      <StatementsPanel
        accountNumber={account.accountNumber}
        days={ledgerDays(mine)}
        pdf={(month) => api.statementPdf(account.id, month)}
      />
    </div>
  )
}
