import { readMoney } from '@signalway/shared/money'

/** An invoice a payment may be allocated to: what is owing on it, oldest first by its due day. */
export interface OpenInvoice {
  id: number
  number: string
  issueDate: string
  dueDate: string
  owingCents: number
}

/** The invoices with something owing, oldest first (due day, then issue day, then number). */
export function openInvoices<T extends OpenInvoice>(invoices: readonly T[]): T[] {
  return invoices
    .filter((invoice) => invoice.owingCents > 0)
    .sort(
      (a, b) =>
        a.dueDate.localeCompare(b.dueDate) ||
        a.issueDate.localeCompare(b.issueDate) ||
        a.number.localeCompare(b.number),
    )
}

/**
 * The suggested allocation of `amountCents` to `invoices` (oldest first, as openInvoices orders them): each invoice
 * takes what is owing on it until the money runs out; the rest stays as credit. One entry per invoice, 0 when none.
 */
export function suggestAllocations(amountCents: number, invoices: readonly OpenInvoice[]): number[] {
  let left = Math.max(0, amountCents)
  return invoices.map((invoice) => {
    const take = Math.min(left, Math.max(0, invoice.owingCents))
    left -= take
    return take
  })
}

/** Cents as the dollars a form field holds: 150000 → '1500.00', 0 → ''. */
export const dollarsText = (amountCents: number) => (amountCents > 0 ? (amountCents / 100).toFixed(2) : '')

/** A typed amount in dollars as cents: '' is 0; undefined when it is not an amount. */
export function centsOf(text: string): number | undefined {
  if (text.trim() === '') return 0
  const read = readMoney(text)
  return 'cents' in read ? read.cents : undefined
}

export interface AllocationCheck {
  /** What the typed allocations add up to (the ones that read as amounts). */
  allocatedCents: number
  /** What is left of the payment as credit; negative when the allocations are more than the payment. */
  unallocatedCents: number
  /** Index of each allocation that is more than is owing on its invoice. */
  overOwing: number[]
  overPayment: boolean
}

/** The payment form's sums: the allocations against the payment and each invoice's amount owing. */
export function checkAllocations(
  amountCents: number,
  invoices: readonly OpenInvoice[],
  typed: readonly string[],
): AllocationCheck {
  const amounts = typed.map((text) => centsOf(text) ?? 0)
  const allocatedCents = amounts.reduce((sum, amount) => sum + amount, 0)
  const overOwing = amounts.flatMap((amount, index) =>
    amount > (invoices[index]?.owingCents ?? 0) ? [index] : [],
  )
  return {
    allocatedCents,
    unallocatedCents: amountCents - allocatedCents,
    overOwing,
    overPayment: allocatedCents > amountCents,
  }
}

/** The allocations to send: the invoices given a positive amount, in cents. */
export function allocationsToSend(
  invoices: readonly OpenInvoice[],
  typed: readonly string[],
): { invoiceId: number; amountCents: number }[] {
  return invoices.flatMap((invoice, index) => {
    const amount = centsOf(typed[index] ?? '') ?? 0
    return amount > 0 ? [{ invoiceId: invoice.id, amountCents: amount }] : []
  })
}
