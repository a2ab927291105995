import { describe, expect, it } from 'vitest'
import {
  allocationsToSend,
  centsOf,
  checkAllocations,
  dollarsText,
  openInvoices,
  suggestAllocations,
} from './allocation.ts'
import { dayText, monthText, statementMonths } from './format.ts'
import { noteFigures } from './note-form.ts'

const invoice = (id: number, dueDate: string, owingCents: number) => ({
  id,
  number: `INV-${String(id).padStart(6, '0')}`,
  issueDate: '2026-11-01',
  dueDate,
  owingCents,
})

describe('the payment form’s allocation maths', () => {
  const open = openInvoices([
    invoice(3, '2026-12-20', 50_000),
    invoice(1, '2026-11-30', 110_000),
    invoice(2, '2026-12-01', 0),
    invoice(4, '2026-12-05', 22_050),
  ])

  it('offers the invoices with something owing, oldest due first', () => {
    expect(open.map((item) => item.id)).toEqual([1, 4, 3])
  })

  it('suggests paying the oldest first until the money runs out, the rest as credit', () => {
    expect(suggestAllocations(150_000, open)).toEqual([110_000, 22_050, 17_950])
    expect(suggestAllocations(100_000, open)).toEqual([100_000, 0, 0])
    expect(suggestAllocations(500_000, open)).toEqual([110_000, 22_050, 50_000])
    expect(suggestAllocations(0, open)).toEqual([0, 0, 0])
  })

  it('reads typed dollars as cents, empty as nothing, and writes cents back as dollars', () => {
    expect(centsOf('1,234.56')).toBe(123_456)
    expect(centsOf('$0.29')).toBe(29)
    expect(centsOf('')).toBe(0)
    expect(centsOf('12.345')).toBeUndefined()
    expect(dollarsText(22_050)).toBe('220.50')
    expect(dollarsText(0)).toBe('')
  })

  it('adds up the allocations, says what is left as credit, and flags over-owing and over-payment', () => {
    expect(checkAllocations(150_000, open, ['1100', '220.50', ''])).toEqual({
      allocatedCents: 132_050,
      unallocatedCents: 17_950,
      overOwing: [],
      overPayment: false,
    })
    const over = checkAllocations(100_000, open, ['1200', '', '10'])
    expect(over.overOwing).toEqual([0])
    expect(over.overPayment).toBe(true)
    expect(over.unallocatedCents).toBe(-21_000)
  })

  it('sends only the invoices given an amount, in cents', () => {
    expect(allocationsToSend(open, ['1100', '', '0.05'])).toEqual([
      { invoiceId: 1, amountCents: 110_000 },
      { invoiceId: 3, amountCents: 5 },
    ])
  })
})

describe('the adjustment note’s figures', () => {
  it('works out GST once on the subtotal, half a cent up', () => {
    expect(noteFigures(['100', '0.05'])).toEqual({
      subtotalCents: 10_005,
      gstCents: 1_001,
      totalCents: 11_006,
    })
    expect(noteFigures(['', 'abc'])).toEqual({ subtotalCents: 0, gstCents: 0, totalCents: 0 })
  })
})

describe('days and months', () => {
  it('writes a Melbourne day as dd/mm/yyyy and a month by name', () => {
    expect(dayText('2026-11-05')).toBe('05/11/2026')
    expect(dayText('not a day')).toBe('')
    expect(monthText('2026-02')).toBe('February 2026')
  })

  it('offers statements from this month back to the month of the first document, over a new year', () => {
    expect(statementMonths(['2026-12-03', '2026-11-20'], '2027-01-15')).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
    ])
    expect(statementMonths([], '2027-01-15')).toEqual(['2027-01'])
    expect(statementMonths(['2020-01-01'], '2027-01-15', 3)).toHaveLength(3)
  })
})
