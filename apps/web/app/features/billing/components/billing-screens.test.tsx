// @vitest-environment happy-dom
import type { MyCustomerAccountDetail } from '@signalway/shared/customer-accounts'
import { INVOICE_STATUSES, type Ledger, type MyInvoices } from '@signalway/shared/receivables'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import type { AdminBillingApi, MyBillingApi } from '../api.ts'
import { AccountBilling } from './account-billing.tsx'
import { InvoicePage } from './invoice-page.tsx'
import { InvoiceStatusBadge } from './invoice-status-badge.tsx'
import { InvoicesList } from './invoices-list.tsx'
import { MyInvoicesSection } from './my-invoices.tsx'

// The account filter's names come from the accounts API, not from the billing API the tests pass in.
vi.mock('../api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api.ts')>()),
  listAccountsToFilter: vi.fn(async () => ({ items: [] })),
}))

const position = {
  asAt: '2026-12-10T01:00:00.000Z',
  balanceCents: 165_000,
  unallocatedCreditCents: 0,
  ageing: { currentCents: 55_000, days30Cents: 110_000, days60Cents: 0, days90PlusCents: 0 },
  creditLimitCents: 5_000_000,
  availableCreditCents: 4_835_000,
}

const summary = (
  id: number,
  dueDate: string,
  totalCents: number,
  status: (typeof INVOICE_STATUSES)[number],
) => ({
  id,
  number: `INV-00000${id}`,
  accountId: 7,
  accountNumber: 'SW-10007',
  buyerName: 'Harbour Civil Pty Ltd',
  issueDate: '2026-11-01',
  dueDate,
  subtotalCents: (totalCents * 10) / 11,
  gstCents: totalCents / 11,
  totalCents,
  allocatedCents: 0,
  adjustedCents: 0,
  owingCents: totalCents,
  status,
  paymentReference: `SW-10007-INV-00000${id}`,
  deliveryMethod: 'email' as const,
})

const ledger: Ledger = {
  ...position,
  account: { id: 7, accountNumber: 'SW-10007', legalName: 'Harbour Civil Pty Ltd', paymentTermsDays: 30 },
  invoices: [summary(2, '2026-12-31', 55_000, 'Unpaid'), summary(1, '2026-11-30', 110_000, 'Overdue')],
  adjustmentNotes: [],
  payments: [],
}

function adminApi(overrides: Partial<AdminBillingApi> = {}): AdminBillingApi {
  return {
    list: vi.fn(),
    run: vi.fn(),
    invoice: vi.fn(),
    issueNote: vi.fn(),
    pdf: vi.fn(),
    csv: vi.fn(),
    ledger: vi.fn(async () => ledger),
    record: vi.fn(),
    allocate: vi.fn(),
    reversePayment: vi.fn(),
    reverseAllocation: vi.fn(),
    statementPdf: vi.fn(),
    ...overrides,
  }
}

describe('the invoice status badge', () => {
  it.each(INVOICE_STATUSES)('says %s in a badge of its own colour', (status) => {
    render(<InvoiceStatusBadge status={status} />)
    const badge = screen.getByText(status)
    expect(badge.className).toMatch(/^badge badge--/)
  })

  it('tells Paid and Overdue apart by colour too', () => {
    const { container } = render(
      <>
        <InvoiceStatusBadge status="Paid" />
        <InvoiceStatusBadge status="Overdue" />
      </>,
    )
    const [paid, overdue] = [...container.querySelectorAll('.badge')]
    expect(paid?.className).not.toBe(overdue?.className)
  })
})

describe("an account's billing for staff", () => {
  it('shows where it stands and suggests allocating a payment oldest first, which staff can change', async () => {
    const user = userEvent.setup()
    const record = vi.fn(async () => ({}) as never)
    const api = adminApi({ record })
    renderWithProviders(<AccountBilling id={7} api={api} />, {
      route: '/admin/accounts/7/billing/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    const standing = await screen.findByRole('region', { name: /where it stands/ })
    expect(standing.textContent).toContain('$1,650.00')
    expect(standing.textContent).toContain('$48,350.00')
    expect(standing.textContent).toContain('$1,100.00')

    const form = screen.getByRole('region', { name: 'Record a payment' })
    const oldest = within(form).getByLabelText(/^INV-000001, due 30\/11\/2026/) as HTMLInputElement
    const newer = within(form).getByLabelText(/^INV-000002, due 31\/12\/2026/) as HTMLInputElement
    expect(within(form).getByText('Owing $1,100.00')).toBeTruthy()
    await user.type(within(form).getByLabelText(/^Amount/), '1500')
    await user.tab()
    expect(oldest.value).toBe('1100.00')
    expect(newer.value).toBe('400.00')
    expect(within(form).getByText(/Allocated \$1,500\.00; left as credit \$0\.00/)).toBeTruthy()

    await user.clear(newer)
    await user.type(newer, '300')
    await user.type(within(form).getByLabelText(/^Reference/), 'EFT 8812')
    await user.click(within(form).getByRole('button', { name: 'Record Payment' }))
    await waitFor(() => expect(record).toHaveBeenCalled())
    expect(record).toHaveBeenCalledWith(7, {
      method: 'eft',
      receivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      amountCents: 150_000,
      reference: 'EFT 8812',
      notes: '',
      allocations: [
        { invoiceId: 1, amountCents: 110_000 },
        { invoiceId: 2, amountCents: 30_000 },
      ],
    })
  })

  it('allocates what is left of an overpayment later, oldest first, and refuses more than is left', async () => {
    const user = userEvent.setup()
    const overpaid = {
      id: 41,
      accountId: 7,
      method: 'eft' as const,
      receivedOn: '2026-11-20',
      amountCents: 130_000,
      reference: 'EFT 5521',
      notes: '',
      reversesPaymentId: null,
      reversedByPaymentId: null,
      allocations: [],
      unallocatedCents: 130_000,
      createdAt: '2026-11-20T01:00:00.000Z',
    }
    const allocate = vi.fn(async () => ({}) as never)
    const ledgerWithCredit = vi.fn(async () => ({ ...ledger, payments: [overpaid] }))
    renderWithProviders(<AccountBilling id={7} api={adminApi({ allocate, ledger: ledgerWithCredit })} />, {
      route: '/admin/accounts/7/billing/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    const form = await screen.findByRole('region', { name: 'Allocate a payment’s credit' })
    expect(
      (within(form).getByLabelText('Payment') as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toBe('20/11/2026 EFT 5521: $1,300.00 to allocate')
    const oldest = within(form).getByLabelText(/^INV-000001/) as HTMLInputElement
    const newer = within(form).getByLabelText(/^INV-000002/) as HTMLInputElement
    expect([oldest.value, newer.value]).toEqual(['1100.00', '200.00'])

    await user.clear(newer)
    await user.type(newer, '300')
    await user.click(within(form).getByRole('button', { name: 'Allocate' }))
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The allocations add up to more than is left of the payment to allocate.',
    )
    expect(allocate).not.toHaveBeenCalled()

    await user.clear(newer)
    await user.type(newer, '150')
    await user.click(within(form).getByRole('button', { name: 'Allocate' }))
    await waitFor(() =>
      expect(allocate).toHaveBeenCalledWith(7, 41, [
        { invoiceId: 1, amountCents: 110_000 },
        { invoiceId: 2, amountCents: 15_000 },
      ]),
    )
  })

  it('says an invoice that does not exist is not found, without offering to try again', async () => {
    const invoice = vi.fn(async () => {
      throw new ApiError({ status: 404, message: 'Invoice not found.' })
    })
    renderWithProviders(<InvoicePage id={999} api={adminApi({ invoice })} />, {
      route: '/admin/invoices/999/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    expect(await screen.findByText('Invoice not found.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to Invoices' })).toBeTruthy()
  })

  it('offers no credit to allocate when every payment is allocated', async () => {
    renderWithProviders(<AccountBilling id={7} api={adminApi()} />, {
      route: '/admin/accounts/7/billing/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    await screen.findByRole('region', { name: 'Record a payment' })
    expect(screen.queryByRole('region', { name: 'Allocate a payment’s credit' })).toBeNull()
  })

  it('refuses an allocation over what is owing before sending, and shows the API’s words', async () => {
    const user = userEvent.setup()
    const refusal = new ApiError({
      status: 400,
      message: 'x',
      modelState: { reference: ['The reference looks like a card number.'] },
    })
    const record = vi.fn(async () => {
      throw refusal
    })
    renderWithProviders(<AccountBilling id={7} api={adminApi({ record })} />, {
      route: '/admin/accounts/7/billing/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    const form = await screen.findByRole('region', { name: 'Record a payment' })
    await user.type(within(form).getByLabelText(/^Amount/), '2000')
    await user.tab()
    const oldest = within(form).getByLabelText(/^INV-000001/) as HTMLInputElement
    await user.clear(oldest)
    await user.type(oldest, '1200')
    await user.click(within(form).getByRole('button', { name: 'Record Payment' }))
    expect(
      await within(form).findByText('The allocation to INV-000001 is more than is owing on it ($1,100.00).'),
    ).toBeTruthy()
    expect(record).not.toHaveBeenCalled()
    await user.clear(oldest)
    await user.type(oldest, '1100')
    await user.click(within(form).getByRole('button', { name: 'Record Payment' }))
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The reference looks like a card number.',
    )
  })
})

const account = { id: 7, accountNumber: 'SW-10007', role: 'orderer' } as MyCustomerAccountDetail

describe('My Account → Invoices', () => {
  it('shows the API’s refusal to an Orderer', async () => {
    const refused = new ApiError({
      status: 403,
      message: 'Access denied',
      body: {
        Message: 'Only the account’s Account admins and Accounts members see its invoices and statements.',
      },
    })
    const api: MyBillingApi = {
      invoices: vi.fn(async () => {
        throw refused
      }),
      pdf: vi.fn(),
      statementPdf: vi.fn(),
    }
    renderWithProviders(<MyInvoicesSection account={account} api={api} />)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only the account’s Account admins and Accounts members see its invoices and statements.',
    )
  })

  it('lists the invoices with their status and downloads a PDF and a statement', async () => {
    const user = userEvent.setup()
    const mine: MyInvoices = {
      ...position,
      invoices: [summary(1, '2026-11-30', 110_000, 'Paid')],
      adjustmentNotes: [],
    }
    const pdf = vi.fn(async () => new Blob(['%PDF']))
    const statementPdf = vi.fn(async () => new Blob(['%PDF']))
    URL.createObjectURL = vi.fn(() => 'blob:x')
    URL.revokeObjectURL = vi.fn()
    renderWithProviders(
      <MyInvoicesSection
        account={{ ...account, role: 'accounts' }}
        api={{ invoices: async () => mine, pdf, statementPdf }}
      />,
    )
    const table = await screen.findByRole('table', { name: 'Invoices, newest first' })
    expect(within(table).getByText('Paid')).toBeTruthy()
    await user.click(within(table).getByRole('button', { name: /Download \(PDF\) invoice INV-000001/ }))
    expect(pdf).toHaveBeenCalledWith('invoice', 1)
    const statements = screen.getByRole('region', { name: 'Statements' })
    await user.click(within(statements).getAllByRole('button')[0] as HTMLElement)
    expect(statementPdf).toHaveBeenCalledWith(7, expect.stringMatching(/^\d{4}-\d{2}$/))
  })
})

describe('the staff’s invoice list', () => {
  it('says how each invoice reaches the buyer, and lists the ones to post', async () => {
    const user = userEvent.setup()
    const posted = { ...summary(1, '2026-11-30', 110_000, 'Unpaid'), deliveryMethod: 'post' as const }
    const list = vi.fn(async () => ({ items: [posted], total: 1, page: 1, pageSize: 20 }))
    renderWithProviders(<InvoicesList api={adminApi({ list })} />, {
      route: '/admin/invoices/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    const row = (await screen.findByRole('link', { name: 'INV-000001' })).closest('tr') as HTMLElement
    expect(within(row).getByText('Post')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('Sent by'), 'post')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ sentBy: 'post' }), expect.anything()),
    )
  })
})
