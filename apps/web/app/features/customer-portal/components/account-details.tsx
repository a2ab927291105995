import { invoiceDeliveryLabel } from '@signalway/shared/constants'
import {
  CUSTOMER_ACCOUNT_ROLE_LABELS,
  type MyCustomerAccountDetail,
} from '@signalway/shared/customer-accounts'
import { type Cents, formatMoney } from '@signalway/shared/money'
import { useId } from 'react'

const money = (amount: number) => formatMoney(amount as Cents)

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/**
 * The Account page (requirements §18): the account's number, the business, the credit it has (no GST on a limit)
 * and its terms, how it is billed, and the member's own role. The staff's hold reason is never sent here.
 */
export function AccountDetails({ account }: { account: MyCustomerAccountDetail }) {
  const headingId = useId()
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {`Account ${account.accountNumber}`}
      </h2>
      <dl className="credit-record__facts">
        <Fact term="Legal name">{account.legalName}</Fact>
        <Fact term="Trading name">{account.tradingName}</Fact>
        <Fact term="ABN">{account.abn}</Fact>
        <Fact term="ACN">{account.acn ?? 'None'}</Fact>
        <Fact term="Credit limit">{money(account.creditLimitCents)}</Fact>
        <Fact term="Available credit">{money(account.availableCreditCents)}</Fact>
        <Fact term="Payment terms">{`${account.paymentTermsDays} days`}</Fact>
        <Fact term="Billing email">{account.billingEmail}</Fact>
        <Fact term="Invoices sent by">{invoiceDeliveryLabel(account.invoiceDelivery)}</Fact>
        <Fact term="Purchase order required">{account.poRequired ? 'Yes' : 'No'}</Fact>
        <Fact term="Your role">{CUSTOMER_ACCOUNT_ROLE_LABELS[account.role]}</Fact>
      </dl>
    </section>
  )
}
