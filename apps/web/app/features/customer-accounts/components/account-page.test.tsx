// @vitest-environment happy-dom
import { CUSTOMER_ACCOUNT_MESSAGES, type CustomerAccountDetail } from '@signalway/shared/customer-accounts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { ACCOUNT_SCREEN_MESSAGES } from '../messages.ts'
import { AccountPage, type AccountPageApi } from './account-page.tsx'

const account: CustomerAccountDetail = {
  id: 7,
  accountNumber: 'SW-10007',
  legalName: 'Harbour Civil Pty Ltd',
  tradingName: 'Harbour Civil',
  abn: '51 824 753 556',
  acn: '004 085 616',
  creditLimitCents: 5_000_000,
  paymentTermsDays: 30,
  onHold: false,
  createdAt: '2026-11-20T01:00:00.000Z',
  billingEmail: 'ap@harbour.example',
  invoiceDelivery: 0,
  poRequired: false,
  holdReason: null,
  creditApplicationReference: 'CA-2026-ABCDEFGH',
  version: 3,
  updatedAt: '2026-11-21T01:00:00.000Z',
  members: [
    {
      id: 1,
      userId: 9,
      name: 'Quinn Harbour',
      email: 'quinn@harbour.example',
      role: 'account_admin',
      approvalLimitCents: null,
      siteIds: [],
    },
  ],
  invitations: [],
  sites: [],
  billingCycle: { kind: 'every_28_days', anchorDay: null, dayOfMonth: null },
  limitChanges: [
    {
      at: '2026-11-21T01:00:00.000Z',
      by: 'ada@signalway.example',
      fromCents: 2_500_000,
      toCents: 5_000_000,
      reason: 'New contract',
    },
  ],
}

function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function renderPage(overrides: Partial<AccountPageApi> = {}) {
  const api: AccountPageApi = {
    get: vi.fn(async () => account),
    saveDetails: vi.fn(),
    changeLimit: vi.fn(),
    hold: vi.fn(),
    release: vi.fn(),
    resendOwnerInvitation: vi.fn(),
    ...overrides,
  }
  renderWithProviders(<AccountPage id={7} api={api} />, {
    route: '/admin/accounts/7/',
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

describe("a customer account's page", () => {
  it('shows the facts in dollars and cents, the members and the limit’s history', async () => {
    renderPage()
    const summary = await screen.findByRole('region', { name: 'SW-10007 Harbour Civil Pty Ltd' })
    expect(summary.textContent).toContain('$50,000.00')
    expect(summary.textContent).toContain('30 days')
    expect(within(summary).getByRole('link', { name: 'CA-2026-ABCDEFGH' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Members' }).textContent).toContain('Account admin')
    const history = screen.getByRole('table', { name: 'Changes of the credit limit, oldest first' })
    expect(history.textContent).toContain('$25,000.00')
    expect(history.textContent).toContain('New contract')
  })

  it('changes the limit only with a reason, sending cents and the version seen', async () => {
    const user = userEvent.setup()
    const changeLimit = vi.fn(async () => ({ ...account, creditLimitCents: 7_500_050, version: 4 }))
    renderPage({ changeLimit })
    const form = await screen.findByRole('region', { name: 'Change the Credit Limit' })
    const limit = within(form).getByLabelText(/^New credit limit/) as HTMLInputElement
    expect(limit.value).toBe('50,000.00')
    await user.clear(limit)
    await user.type(limit, '$75,000.50')
    await user.click(within(form).getByRole('button', { name: 'Change Credit Limit' }))
    expect(await within(form).findByText(CUSTOMER_ACCOUNT_MESSAGES.reasonRequired)).toBeTruthy()
    expect(changeLimit).not.toHaveBeenCalled()
    await user.type(within(form).getByLabelText(/^Reason for the change/), 'Second project')
    await user.click(within(form).getByRole('button', { name: 'Change Credit Limit' }))
    await waitFor(() => expect(changeLimit).toHaveBeenCalledTimes(1))
    expect(changeLimit).toHaveBeenCalledWith(7, {
      version: 3,
      creditLimitCents: 7_500_050,
      reason: 'Second project',
    })
    expect(await screen.findByText(ACCOUNT_SCREEN_MESSAGES.limitSaved)).toBeTruthy()
  })

  it('sets the billing cycle with the details: monthly on a day of the month', async () => {
    const user = userEvent.setup()
    const saveDetails = vi.fn(async () => ({
      ...account,
      billingCycle: { kind: 'monthly' as const, anchorDay: null, dayOfMonth: 15 },
      version: 4,
    }))
    renderPage({ saveDetails })
    const summary = await screen.findByRole('region', { name: 'SW-10007 Harbour Civil Pty Ltd' })
    expect(summary.textContent).toContain('Every 28 days from the day it opened')
    const form = screen.getByRole('region', { name: 'Edit the Details' })
    await user.selectOptions(within(form).getByLabelText(/^Billed/), 'monthly')
    await user.type(within(form).getByLabelText(/^Billing day of the month/), '15')
    await user.click(within(form).getByRole('button', { name: 'Save Details' }))
    await waitFor(() => expect(saveDetails).toHaveBeenCalledTimes(1))
    expect(saveDetails).toHaveBeenCalledWith(
      7,
      expect.objectContaining({
        version: 3,
        billingCycle: { kind: 'monthly', anchorDay: null, dayOfMonth: 15 },
      }),
    )
    expect(await screen.findByText('Monthly, on day 15')).toBeTruthy()
  })

  it('says when someone else saved first and keeps what was typed', async () => {
    const user = userEvent.setup()
    const conflict = new ApiError({ status: 409, message: CUSTOMER_ACCOUNT_MESSAGES.conflict })
    renderPage({ hold: vi.fn(() => later<CustomerAccountDetail>(conflict)) })
    const form = await screen.findByRole('region', { name: 'Hold' })
    const reason = within(form).getByLabelText(/^Reason for the hold/) as HTMLTextAreaElement
    await user.type(reason, 'Invoices overdue')
    await user.click(within(form).getByRole('button', { name: 'Put on Hold' }))
    const alert = await within(form).findByRole('alert')
    expect(alert.textContent).toContain(CUSTOMER_ACCOUNT_MESSAGES.conflict)
    expect(within(alert).getByRole('button', { name: 'Reload the Account' })).toBeTruthy()
    expect(reason.value).toBe('Invoices overdue')
  })

  it('releases a held account with the version seen', async () => {
    const user = userEvent.setup()
    const held = { ...account, onHold: true, holdReason: 'Invoices overdue' }
    const release = vi.fn(async () => ({ ...account, version: 4 }))
    renderPage({ get: vi.fn(async () => held), release })
    const form = await screen.findByRole('region', { name: 'Hold' })
    expect(form.textContent).toContain('On hold: Invoices overdue')
    await user.click(within(form).getByRole('button', { name: 'Release the Hold' }))
    await waitFor(() => expect(release).toHaveBeenCalledWith(7, { version: 3 }))
    expect(await screen.findByText(ACCOUNT_SCREEN_MESSAGES.releaseSaved)).toBeTruthy()
  })

  it('offers the owner invitation again only while the account has no Account admin, and says where it went', async () => {
    const user = userEvent.setup()
    const ownerless: CustomerAccountDetail = {
      ...account,
      members: [],
      invitations: [
        {
          email: 'accounts@harbour.example',
          role: 'account_admin',
          owner: true,
          createdAt: '2026-11-28T01:00:00.000Z',
          expiresAt: '2026-12-05T01:00:00.000Z',
        },
      ],
    }
    const resendOwnerInvitation = vi.fn(async () => ownerless)
    renderPage({ get: vi.fn(async () => ({ ...ownerless, invitations: [] })), resendOwnerInvitation })
    const members = await screen.findByRole('region', { name: 'Members' })
    await user.click(within(members).getByRole('button', { name: 'Send the Owner Invitation Again' }))
    await waitFor(() => expect(resendOwnerInvitation).toHaveBeenCalledWith(7))
    expect(
      await screen.findByText(ACCOUNT_SCREEN_MESSAGES.ownerInvitationSent('accounts@harbour.example')),
    ).toBeTruthy()
    expect(members.textContent).toContain('Invited as owner: accounts@harbour.example')
  })

  it('shows why the owner invitation was not sent', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({ status: 409, message: CUSTOMER_ACCOUNT_MESSAGES.ownerExists })
    renderPage({
      get: vi.fn(async () => ({ ...account, members: [] })),
      resendOwnerInvitation: vi.fn(() => later<CustomerAccountDetail>(refused)),
    })
    const members = await screen.findByRole('region', { name: 'Members' })
    await user.click(within(members).getByRole('button', { name: 'Send the Owner Invitation Again' }))
    expect(await screen.findByText(CUSTOMER_ACCOUNT_MESSAGES.ownerExists)).toBeTruthy()
  })

  it('has no such button when the account has an Account admin', async () => {
    renderPage()
    const members = await screen.findByRole('region', { name: 'Members' })
    expect(within(members).queryByRole('button', { name: 'Send the Owner Invitation Again' })).toBeNull()
  })
})
