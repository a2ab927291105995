// @vitest-environment happy-dom
import { type AccountAuditEntry, MEMBER_MESSAGES } from '@signalway/shared/customer-account-members'
import type { MyCustomerAccountDetail } from '@signalway/shared/customer-accounts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { PORTAL_MESSAGES } from '../messages.ts'
import { type ActivityApi, ActivitySection } from './activity-section.tsx'

const account: MyCustomerAccountDetail = {
  id: 7,
  accountNumber: 'SW-10007',
  legalName: 'Harbour Civil Pty Ltd',
  tradingName: 'Harbour Civil',
  role: 'account_admin',
  creditLimitCents: 5_000_000,
  availableCreditCents: 4_000_000,
  paymentTermsDays: 30,
  poRequired: true,
  onHold: false,
  abn: '51 824 753 556',
  acn: null,
  billingEmail: 'ap@harbour.example',
  invoiceDelivery: 2,
}

const invited: AccountAuditEntry = {
  id: 31,
  // 1:00 pm in Melbourne (summer time).
  at: '2026-11-20T02:00:00.000Z',
  action: 'customer-account.invite',
  by: 'Ada Admin',
  summary: 'sue@harbour.example invited as Site supervisor, 1 site.',
}
const opened: AccountAuditEntry = {
  id: 30,
  at: '2026-11-19T23:30:00.000Z',
  action: 'customer-account.open',
  by: 'Signalway staff',
  summary: 'Account SW-10007 opened.',
}

function renderActivity(api: ActivityApi, role: MyCustomerAccountDetail['role'] = 'account_admin') {
  renderWithProviders(<ActivitySection account={{ ...account, role }} api={api} />, {
    route: '/my-account/accounts/7/activity/',
    auth: { status: 'signedIn', profile: regularProfile },
  })
}

describe("a customer account's Activity page", () => {
  it('lists who did what and when, newest first, in Melbourne time and the words the server gives', async () => {
    const api = vi.fn(async () => ({ items: [invited, opened], total: 2, page: 1, pageSize: 20 }))
    renderActivity(api)
    const table = await screen.findByRole('table', { name: "The account's activity, newest first" })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      [
        '20 November 2026 at 1:00 pm AEDT',
        'Ada Admin',
        'sue@harbour.example invited as Site supervisor, 1 site.',
      ],
      ['20 November 2026 at 10:30 am AEDT', 'Signalway staff', 'Account SW-10007 opened.'],
    ])
    expect(api).toHaveBeenCalledWith(7, 1)
    // One page: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
  })

  it('asks for the next page', async () => {
    const user = userEvent.setup()
    const api = vi.fn(async (_id: number, page: number) =>
      page === 1
        ? { items: [invited], total: 21, page: 1, pageSize: 20 }
        : { items: [opened], total: 21, page: 2, pageSize: 20 },
    )
    renderActivity(api)
    const pages = await screen.findByRole('navigation', { name: 'Pages' })
    await user.click(within(pages).getByRole('button', { name: 'Next page' }))
    expect(await screen.findByText('Account SW-10007 opened.')).toBeTruthy()
    expect(api).toHaveBeenLastCalledWith(7, 2)
    expect(screen.queryByText(invited.summary)).toBeNull()
  })

  it('says when there is nothing yet', async () => {
    renderActivity(vi.fn(async () => ({ items: [], total: 0, page: 1, pageSize: 20 })))
    expect(await screen.findByText(PORTAL_MESSAGES.noActivity)).toBeTruthy()
  })

  it('tells another member the page is not theirs without asking the server', async () => {
    const api = vi.fn()
    renderActivity(api, 'orderer')
    expect(await screen.findByText(MEMBER_MESSAGES.accountAdminOnly)).toBeTruthy()
    expect(api).not.toHaveBeenCalled()
  })

  it('says the same when the server refuses (the role changed meanwhile)', async () => {
    renderActivity(vi.fn(async () => Promise.reject(new ApiError({ status: 403, message: 'Forbidden' }))))
    expect(await screen.findByText(MEMBER_MESSAGES.accountAdminOnly)).toBeTruthy()
  })

  it('offers to try again when the activity cannot be loaded', async () => {
    const api = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ items: [opened], total: 1, page: 1, pageSize: 20 })
    renderActivity(api)
    const user = userEvent.setup()
    const retry = await screen.findByRole('button', { name: /try again/i })
    await user.click(retry)
    await waitFor(() => expect(screen.getByText(opened.summary)).toBeTruthy())
  })
})
