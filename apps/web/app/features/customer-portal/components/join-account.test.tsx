// @vitest-environment happy-dom
import { type AccountInvitationPreview, MEMBER_MESSAGES } from '@signalway/shared/customer-account-members'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import type { JoinApi } from '../api/members.ts'
import { PORTAL_MESSAGES } from '../messages.ts'
import { JoinAccount } from './join-account.tsx'

const preview: AccountInvitationPreview = {
  legalName: 'Harbour Civil Pty Ltd',
  tradingName: 'Harbour Civil',
  role: 'site_supervisor',
  email: regularProfile.email,
  expiresAt: '2026-11-27T02:00:00.000Z',
}

const joined = {
  id: 7,
  accountNumber: 'SW-10007',
  legalName: 'Harbour Civil Pty Ltd',
  tradingName: 'Harbour Civil',
  role: 'site_supervisor' as const,
  creditLimitCents: 0,
  availableCreditCents: 0,
  paymentTermsDays: 30,
  poRequired: false,
  onHold: false,
}

function fakeApi(overrides: Partial<JoinApi> = {}): JoinApi {
  return { check: vi.fn(async () => preview), accept: vi.fn(async () => joined), ...overrides }
}

const signedIn = { status: 'signedIn' as const, profile: regularProfile }
const linkOptions = (auth?: {
  status: 'signedIn' | 'signedOut'
  profile?: typeof regularProfile | null
}) => ({
  route: '/join-account/?t=join-token-1',
  path: '/join-account/',
  ...(auth ? { auth } : {}),
})

afterEach(() => window.sessionStorage.clear())

describe('the page an account invitation’s link opens', () => {
  it('shows the account, the role and the address, joins, and goes to the account’s page', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderWithProviders(<JoinAccount api={api} />, linkOptions(signedIn))
    await screen.findByText('Harbour Civil Pty Ltd (Harbour Civil)')
    expect(screen.getByText('Site supervisor')).toBeTruthy()
    expect(screen.getByText(regularProfile.email)).toBeTruthy()
    expect(api.check).toHaveBeenCalledWith('join-token-1')
    // The token leaves the address bar at once.
    expect(screen.getByTestId('location').textContent).toBe('/join-account/')
    await user.click(screen.getByRole('button', { name: 'Join Harbour Civil Pty Ltd' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/my-account/accounts/7/'))
    expect(api.accept).toHaveBeenCalledWith('join-token-1')
    expect(window.sessionStorage.length).toBe(0)
  })

  it('signed out, offers Sign in and Register that come back to the bare page, which then uses the kept token', async () => {
    const api = fakeApi()
    const first = renderWithProviders(
      <JoinAccount api={api} />,
      linkOptions({ status: 'signedOut', profile: null }),
    )
    const signIn = await screen.findByRole('link', { name: 'Sign in' })
    expect(signIn.getAttribute('href')).toBe(paths.loginWithReturn(paths.joinAccount))
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      paths.registerWithReturn(paths.joinAccount),
    )
    expect(signIn.getAttribute('href')).not.toContain('join-token-1')
    expect(screen.queryByRole('button', { name: /^Join/u })).toBeNull()
    first.unmount()
    renderWithProviders(<JoinAccount api={api} />, {
      route: '/join-account/',
      path: '/join-account/',
      auth: signedIn,
    })
    expect(await screen.findByRole('button', { name: 'Join Harbour Civil Pty Ltd' })).toBeTruthy()
    expect(api.check).toHaveBeenLastCalledWith('join-token-1')
  })

  it('signed in with another address, says so and offers to sign out', async () => {
    const api = fakeApi({ check: vi.fn(async () => ({ ...preview, email: 'someone@else.example' })) })
    renderWithProviders(<JoinAccount api={api} />, linkOptions(signedIn))
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBER_MESSAGES.wrongUser)
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe(paths.logout)
    expect(screen.queryByRole('button', { name: /^Join/u })).toBeNull()
  })

  it.each([
    ['used', MEMBER_MESSAGES.used],
    ['expired', MEMBER_MESSAGES.expired],
    ['withdrawn', MEMBER_MESSAGES.revoked],
  ])('a %s link: the server’s words and the advice to ask for a new link', async (_, message) => {
    const refused = new ApiError({ status: 400, message, body: { Message: message } })
    renderWithProviders(
      <JoinAccount api={fakeApi({ check: vi.fn(async () => Promise.reject(refused)) })} />,
      linkOptions(signedIn),
    )
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(screen.getByText(PORTAL_MESSAGES.askForNewLink)).toBeTruthy()
    expect(window.sessionStorage.length).toBe(0)
  })

  it('a page opened without a token says the link is not valid and asks the server nothing', async () => {
    const api = fakeApi()
    renderWithProviders(<JoinAccount api={api} />, {
      route: '/join-account/',
      path: '/join-account/',
      auth: signedIn,
    })
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBER_MESSAGES.invalid)
    expect(api.check).not.toHaveBeenCalled()
  })

  it('a refused join (signed in with another address after all) says the server’s words', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({
      status: 403,
      message: MEMBER_MESSAGES.wrongUser,
      body: { Message: MEMBER_MESSAGES.wrongUser },
    })
    renderWithProviders(
      <JoinAccount api={fakeApi({ accept: vi.fn(async () => Promise.reject(refused)) })} />,
      linkOptions(signedIn),
    )
    await user.click(await screen.findByRole('button', { name: 'Join Harbour Civil Pty Ltd' }))
    expect((await screen.findByRole('alert')).textContent).toBe(MEMBER_MESSAGES.wrongUser)
    expect(screen.getByRole('link', { name: 'Sign out' })).toBeTruthy()
  })
})
