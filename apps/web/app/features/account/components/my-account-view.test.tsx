// @vitest-environment happy-dom
import { MY_ACCOUNT_MESSAGES, type MyAccount } from '@signalway/shared/my-account'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { MyAccountView } from './my-account-view.tsx'

const account = (overrides: Partial<MyAccount> = {}): MyAccount => ({
  email: 'casey@example.com',
  emailConfirmed: true,
  enquiries: [
    {
      id: 'e1',
      kind: 'quote',
      status: 'in_progress',
      createdAt: '2026-11-26T01:00:00.000Z',
      services: ['VMS Boards'],
      hireDetails: {
        hireLength: { value: 3, unit: 'weeks' },
        site: { suburb: 'Laverton', postcode: '3028' },
      },
      excerpt: 'Two boards for the Monash.',
    },
  ],
  creditApplications: [
    {
      reference: 'CA-2026-ABCDEFGH',
      businessName: 'Casey Civil',
      status: 'approved',
      submittedAt: '2026-11-20T01:00:00.000Z',
    },
  ],
  customerAccounts: [],
  ...overrides,
})

function renderView(value: MyAccount) {
  const props = {
    downloadPdf: vi.fn(async () => undefined),
    confirmEmail: vi.fn(async () => ({ email: value.email })),
  }
  renderWithProviders(<MyAccountView account={value} {...props} />)
  return props
}

describe("the customer's account area", () => {
  it('shows the customer accounts they are a member of, with role, limit, available credit and a held notice', () => {
    const held = {
      id: 3,
      accountNumber: 'SW-10003',
      legalName: 'Casey Civil Pty Ltd',
      tradingName: 'Casey Civil',
      role: 'orderer' as const,
      creditLimitCents: 5_000_000,
      availableCreditCents: 5_000_000,
      paymentTermsDays: 30,
      poRequired: false,
      onHold: true,
    }
    renderView(account({ customerAccounts: [held] }))
    const accounts = screen.getByRole('region', { name: 'Customer Accounts' })
    const [item] = within(accounts).getAllByRole('listitem')
    expect(item?.textContent).toContain('Casey Civil Pty Ltd')
    expect(item?.textContent).toContain('Orderer')
    expect(item?.textContent).toContain(
      'Account SW-10003 · Credit limit $50,000.00 · Available credit $50,000.00 · Payment terms 30 days',
    )
    expect(item?.textContent).toContain('This account is on hold')
    // The account's name opens its portal: its Account page, with its Sites beside it.
    expect(within(accounts).getByRole('link', { name: 'Casey Civil Pty Ltd' }).getAttribute('href')).toBe(
      '/my-account/accounts/3/',
    )
  })

  it('links a driver to their runs, and no one else (ADR 050)', () => {
    renderView(account({ driver: true }))
    expect(screen.getByRole('link', { name: 'My runs' }).getAttribute('href')).toBe('/runs/')
    cleanup()
    renderView(account())
    expect(screen.queryByRole('link', { name: 'My runs' })).toBeNull()
  })

  it('has no customer accounts section for someone in no account', () => {
    renderView(account())
    expect(screen.queryByRole('region', { name: 'Customer Accounts' })).toBeNull()
  })

  it('lists the quote requests and credit applications with their status, and downloads a PDF', async () => {
    const user = userEvent.setup()
    const props = renderView(account())
    const quotes = screen.getByRole('region', { name: 'Quote Requests and Messages' })
    const [quote] = within(quotes).getAllByRole('listitem')
    expect(quote?.textContent).toContain('Quote request: VMS Boards')
    expect(quote?.textContent).toContain('In progress')
    expect(quote?.textContent).toContain('3 weeks · Laverton 3028')
    const credit = screen.getByRole('region', { name: 'Credit Applications' })
    expect(credit.textContent).toContain('Casey Civil')
    expect(credit.textContent).toContain('Approved')
    await user.click(within(credit).getByRole('button', { name: 'Download the PDF of CA-2026-ABCDEFGH' }))
    expect(props.downloadPdf).toHaveBeenCalledWith('CA-2026-ABCDEFGH')
    expect(screen.getByRole('link', { name: 'Update your profile' }).getAttribute('href')).toBe(
      '/update-profile/',
    )
    expect(screen.getByRole('link', { name: 'Sign-in and security' }).getAttribute('href')).toBe(
      '/update-profile/#security',
    )
    expect(screen.queryByRole('button', { name: 'Email me a confirmation link' })).toBeNull()
  })

  it('says what confirming the address adds, and sends the link', async () => {
    const user = userEvent.setup()
    const props = renderView(account({ emailConfirmed: false, enquiries: [], creditApplications: [] }))
    expect(screen.getByText(/Nothing yet\./)).toBeTruthy()
    expect(screen.getByText(/None yet\./)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Email me a confirmation link' }))
    await waitFor(() => expect(props.confirmEmail).toHaveBeenCalledTimes(1))
    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.confirmSent('casey@example.com'))).toBeTruthy()
    expect(
      (screen.getByRole('button', { name: 'Confirmation email sent' }) as HTMLButtonElement).disabled,
    ).toBe(true)
  })
})
