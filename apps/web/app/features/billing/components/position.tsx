import { useId } from 'react'
import { money } from '../format.ts'

/** Where an account stands (requirements §22): the figures of the API's account position. */
export interface PositionFigures {
  asAt: string
  balanceCents: number
  unallocatedCreditCents: number
  creditLimitCents: number
  availableCreditCents: number
  ageing: { currentCents: number; days30Cents: number; days60Cents: number; days90PlusCents: number }
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
 * The balance, credit limit, available credit and unallocated credit, then the ageing of what is owing (current,
 * 30, 60, 90+ days past due), as a panel titled `title`. Amounts include GST.
 */
export function AccountPosition({ position, title }: { position: PositionFigures; title: string }) {
  const headingId = useId()
  const ageingId = useId()
  const { ageing } = position
  return (
    <section className="record-panel billing-position" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {title}
      </h2>
      <dl className="credit-record__facts billing-position__figures">
        <Fact term="Balance (inc GST)">{money(position.balanceCents)}</Fact>
        <Fact term="Credit limit">{money(position.creditLimitCents)}</Fact>
        <Fact term="Available credit">{money(position.availableCreditCents)}</Fact>
        <Fact term="Unallocated credit">{money(position.unallocatedCreditCents)}</Fact>
      </dl>
      <h3 id={ageingId} className="billing-position__subtitle">
        Ageing of what is owing
      </h3>
      <dl className="credit-record__facts billing-ageing" aria-labelledby={ageingId}>
        <Fact term="Current">{money(ageing.currentCents)}</Fact>
        <Fact term="30 days">{money(ageing.days30Cents)}</Fact>
        <Fact term="60 days">{money(ageing.days60Cents)}</Fact>
        <Fact term="90+ days">{money(ageing.days90PlusCents)}</Fact>
      </dl>
    </section>
  )
}
