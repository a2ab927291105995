// @vitest-environment happy-dom
import {
  MEMBER_MESSAGES,
  type PortalInvitation,
  type PortalMember,
  type PortalMembers,
} from '@signalway/shared/customer-account-members'
import type { MyCustomerAccountDetail, MySite } from '@signalway/shared/customer-accounts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import type { MembersApi } from '../api/members.ts'
import type { PortalApi } from '../api/portal.ts'
import { PORTAL_MESSAGES } from '../messages.ts'
import { MembersSection } from './members-section.tsx'
import { PortalFrame } from './portal-frame.tsx'

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

const sites = [
  { id: 3, name: 'Monash Freeway upgrade' },
  { id: 4, name: 'Geelong depot' },
] as MySite[]

const admin: PortalMember = {
  id: 1,
  userId: 2,
  name: 'Ada Admin',
  email: 'ada@signalway.example',
  role: 'account_admin',
  approvalLimitCents: null,
  siteIds: [],
  you: true,
  version: 1,
}
const orderer: PortalMember = {
  id: 2,
  userId: 5,
  name: 'Oscar Orderer',
  email: 'oscar@harbour.example',
  role: 'orderer',
  approvalLimitCents: 250_000,
  siteIds: [],
  you: false,
  version: 3,
}
const supervisor: PortalMember = {
  id: 3,
  userId: 6,
  name: 'Sue Supervisor',
  email: 'sue@harbour.example',
  role: 'site_supervisor',
  approvalLimitCents: null,
  siteIds: [4],
  you: false,
  version: 1,
}
const invitation: PortalInvitation = {
  id: 9,
  email: 'new@harbour.example',
  role: 'site_supervisor',
  siteIds: [3],
  approvalLimitCents: null,
  owner: false,
  invitedBy: 'Ada Admin',
  createdAt: '2026-11-20T02:00:00.000Z',
  expiresAt: '2026-11-27T02:00:00.000Z',
}

function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function fakeApi(overrides: Partial<MembersApi> = {}): MembersApi {
  return {
    members: vi.fn(async () => ({ items: [admin, orderer, supervisor] })),
    saveMember: vi.fn(),
    removeMember: vi.fn(async () => undefined),
    invitations: vi.fn(async () => ({ items: [invitation] })),
    invite: vi.fn(),
    withdraw: vi.fn(async () => undefined),
    sites: vi.fn(async () => ({ items: sites })),
    ...overrides,
  }
}

function renderMembers(api: MembersApi, role: MyCustomerAccountDetail['role'] = 'account_admin') {
  renderWithProviders(<MembersSection account={{ ...account, role }} api={api} />, {
    route: '/my-account/accounts/7/members/',
    auth: { status: 'signedIn', profile: regularProfile },
  })
}

const card = (name: string) =>
  screen.getByRole('heading', { name: new RegExp(`^${name}`, 'u') }).closest('li') as HTMLElement

describe("a customer account's Members page", () => {
  it('lists the members with their roles, a Site supervisor’s sites, an Orderer’s limit ex GST and “you”', async () => {
    renderMembers(fakeApi())
    await screen.findByRole('heading', { name: 'Ada Admin (you)' })
    expect(card('Oscar Orderer').textContent).toContain('Orderer')
    expect(card('Oscar Orderer').textContent).toContain('$2,500.00 ex GST')
    expect(card('Sue Supervisor').textContent).toContain('Geelong depot')
    expect(card('Sue Supervisor').textContent).not.toContain('Monash')
    const invitations = screen.getByRole('region', { name: 'Open invitations' })
    expect(invitations.textContent).toContain('new@harbour.example')
    expect(invitations.textContent).toContain('Monash Freeway upgrade')
    // Melbourne's time whatever the browser's zone: 2 am UTC is 1 pm AEDT.
    expect(invitations.textContent).toContain('27 November 2026 at 1:00 pm AEDT')
  })

  it('tells a member who is not an Account admin that the page is not theirs, and asks the server nothing', async () => {
    const api = fakeApi()
    renderMembers(api, 'orderer')
    expect(await screen.findByText(MEMBER_MESSAGES.accountAdminOnly)).toBeTruthy()
    expect(api.members).not.toHaveBeenCalled()
  })

  it('says the same when the server answers 403 (the role changed since the page opened)', async () => {
    const api = fakeApi({
      members: vi.fn(() => later<PortalMembers>(new ApiError({ status: 403, message: 'No.' }))),
    })
    renderMembers(api)
    expect(await screen.findByText(MEMBER_MESSAGES.accountAdminOnly)).toBeTruthy()
  })

  it('invites a Site supervisor for the chosen sites, keeping what was typed when the server refuses', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({
      status: 409,
      message: MEMBER_MESSAGES.alreadyMember,
      body: { Message: MEMBER_MESSAGES.alreadyMember },
    })
    const invite = vi
      .fn()
      .mockImplementationOnce(() => later(refused))
      .mockResolvedValueOnce({ ...invitation, email: 'pat@harbour.example' })
    const api = fakeApi({ invite })
    renderMembers(api)
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }))
    const form = screen.getByRole('region', { name: 'Invite someone' })
    await user.type(within(form).getByRole('textbox', { name: /^Email address/u }), 'pat@harbour.example')
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Role/u }), 'site_supervisor')
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }))
    expect(await within(form).findByText(MEMBER_MESSAGES.sitesRequired)).toBeTruthy()
    expect(invite).not.toHaveBeenCalled()
    await user.click(within(form).getByRole('checkbox', { name: 'Geelong depot' }))
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }))
    expect((await within(form).findByRole('alert')).textContent).toBe(MEMBER_MESSAGES.alreadyMember)
    const email = within(form).getByRole('textbox', { name: /^Email address/u }) as HTMLInputElement
    expect(email.value).toBe('pat@harbour.example')
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }))
    await waitFor(() => expect(invite).toHaveBeenCalledTimes(2))
    expect(invite).toHaveBeenLastCalledWith(7, {
      email: 'pat@harbour.example',
      role: 'site_supervisor',
      siteIds: [4],
      approvalLimitCents: null,
    })
    expect(await screen.findByText(MEMBER_MESSAGES.sent('pat@harbour.example'))).toBeTruthy()
  })

  it('invites an Orderer with an approval limit typed in dollars, sent in cents', async () => {
    const user = userEvent.setup()
    const invite = vi.fn(async () => invitation)
    renderMembers(fakeApi({ invite }))
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }))
    const form = screen.getByRole('region', { name: 'Invite someone' })
    await user.type(within(form).getByRole('textbox', { name: /^Email address/u }), 'olive@harbour.example')
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Role/u }), 'orderer')
    await user.type(within(form).getByRole('textbox', { name: /^Approval limit/u }), '1,500.50')
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }))
    await waitFor(() =>
      expect(invite).toHaveBeenCalledWith(7, {
        email: 'olive@harbour.example',
        role: 'orderer',
        siteIds: [],
        approvalLimitCents: 150_050,
      }),
    )
  })

  it('shows the server’s message at the field it names and a 429 as it is', async () => {
    const user = userEvent.setup()
    const limited = new ApiError({
      status: 429,
      message: MEMBER_MESSAGES.recipientLimit,
      body: { Message: MEMBER_MESSAGES.recipientLimit },
    })
    const invite = vi.fn(() => later<PortalInvitation>(limited))
    renderMembers(fakeApi({ invite }))
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }))
    const form = screen.getByRole('region', { name: 'Invite someone' })
    await user.type(within(form).getByRole('textbox', { name: /^Email address/u }), 'olive@harbour.example')
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Role/u }), 'accounts')
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }))
    expect((await within(form).findByRole('alert')).textContent).toBe(MEMBER_MESSAGES.recipientLimit)
  })

  it('marks the approval limit when the server refuses it (its field is the dollars typed)', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({
      status: 400,
      message: 'The request is invalid.',
      modelState: { approvalLimitCents: [MEMBER_MESSAGES.limitInvalid] },
    })
    renderMembers(fakeApi({ invite: vi.fn(() => later<PortalInvitation>(refused)) }))
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }))
    const form = screen.getByRole('region', { name: 'Invite someone' })
    await user.type(within(form).getByRole('textbox', { name: /^Email address/u }), 'olive@harbour.example')
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Role/u }), 'orderer')
    await user.type(within(form).getByRole('textbox', { name: /^Approval limit/u }), '100')
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }))
    const limit = within(form).getByRole('textbox', { name: /^Approval limit/u })
    await waitFor(() => expect(limit.getAttribute('aria-invalid')).toBe('true'))
    expect(within(form).getAllByText(MEMBER_MESSAGES.limitInvalid).length).toBeGreaterThan(0)
    expect((limit as HTMLInputElement).value).toBe('100')
  })

  it('changes a member’s role from the version seen; the last Account admin’s refusal is said as it is', async () => {
    const user = userEvent.setup()
    const lastAdmin = new ApiError({
      status: 409,
      message: MEMBER_MESSAGES.lastAdmin,
      body: { Message: MEMBER_MESSAGES.lastAdmin },
    })
    const saveMember = vi.fn(() => later<PortalMember>(lastAdmin))
    renderMembers(fakeApi({ saveMember }))
    await user.click(await screen.findByRole('button', { name: 'Change Ada Admin' }))
    const form = screen.getByRole('region', { name: 'Change Ada Admin' })
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Role/u }), 'accounts')
    await user.click(within(form).getByRole('button', { name: 'Save the member' }))
    expect((await within(form).findByRole('alert')).textContent).toBe(MEMBER_MESSAGES.lastAdmin)
    expect(within(form).queryByRole('button', { name: 'Reload the Members' })).toBeNull()
    expect(saveMember).toHaveBeenCalledWith(7, 1, {
      version: 1,
      role: 'accounts',
      siteIds: [],
      approvalLimitCents: null,
    })
  })

  it('offers the saved copy when someone else changed the member first', async () => {
    const user = userEvent.setup()
    const stale = new ApiError({
      status: 409,
      message: MEMBER_MESSAGES.conflict,
      body: { Message: MEMBER_MESSAGES.conflict },
    })
    const saveMember = vi.fn(() => later<PortalMember>(stale))
    renderMembers(fakeApi({ saveMember }))
    await user.click(await screen.findByRole('button', { name: 'Change Oscar Orderer' }))
    const form = screen.getByRole('region', { name: 'Change Oscar Orderer' })
    const limit = within(form).getByRole('textbox', { name: /^Approval limit/u }) as HTMLInputElement
    expect(limit.value).toBe('2,500.00')
    // happy-dom leaves a select empty when its form opens after the page's first render (Chromium shows the role).
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Role/u }), 'orderer')
    await user.clear(limit)
    await user.type(limit, '3000')
    await user.click(within(form).getByRole('button', { name: 'Save the member' }))
    const alert = await within(form).findByRole('alert')
    expect(alert.textContent).toContain(MEMBER_MESSAGES.conflict)
    expect(within(alert).getByRole('button', { name: 'Reload the Members' })).toBeTruthy()
    expect(saveMember).toHaveBeenCalledWith(7, 2, {
      version: 3,
      role: 'orderer',
      siteIds: [],
      approvalLimitCents: 300_000,
    })
    expect(limit.value).toBe('3000')
  })

  it('removes a member only once it is confirmed, and withdraws an invitation', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderMembers(api)
    await user.click(await screen.findByRole('button', { name: 'Remove Oscar Orderer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove the member' })
    expect(api.removeMember).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(api.removeMember).toHaveBeenCalledWith(7, orderer))
    expect(await screen.findByText(PORTAL_MESSAGES.memberRemoved('Oscar Orderer'))).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to new@harbour.example' }))
    await waitFor(() => expect(api.withdraw).toHaveBeenCalledWith(7, 9))
  })
})

describe('the portal’s sub-navigation', () => {
  function portalApi(role: MyCustomerAccountDetail['role']): PortalApi {
    return {
      list: vi.fn(async () => ({ items: [{ ...account, role }] })),
      get: vi.fn(async () => ({ ...account, role })),
      sites: vi.fn(),
      addSite: vi.fn(),
      saveSite: vi.fn(),
      removeSite: vi.fn(),
    }
  }
  const renderFrame = (role: MyCustomerAccountDetail['role']) =>
    renderWithProviders(
      <PortalFrame id={7} section="account" api={portalApi(role)}>
        {() => null}
      </PortalFrame>,
      { route: '/my-account/accounts/7/', auth: { status: 'signedIn', profile: regularProfile } },
    )

  it('offers Members and Activity to an Account admin', async () => {
    renderFrame('account_admin')
    const nav = await screen.findByRole('navigation', { name: 'Account pages' })
    expect(within(nav).getByRole('link', { name: 'Members' }).getAttribute('href')).toBe(
      '/my-account/accounts/7/members/',
    )
    expect(within(nav).getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe(
      '/my-account/accounts/7/activity/',
    )
  })

  it('does not offer Members or Activity to other roles', async () => {
    renderFrame('site_supervisor')
    const nav = await screen.findByRole('navigation', { name: 'Account pages' })
    expect(within(nav).getByRole('link', { name: 'Sites' })).toBeTruthy()
    expect(within(nav).queryByRole('link', { name: 'Members' })).toBeNull()
    expect(within(nav).queryByRole('link', { name: 'Activity' })).toBeNull()
  })
})
