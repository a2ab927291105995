// @vitest-environment happy-dom
import { INVITATION_MESSAGES } from '@signalway/shared/invitations'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { AcceptInvitationFlow } from './accept-invitation.tsx'

const TOKENS = { access_token: 'a', refresh_token: 'r', expires_in: 900 }

function refused(message: string) {
  return new ApiError({ status: 400, message, body: { Message: message } })
}

describe('the page an invitation link opens (ADR 035)', () => {
  for (const [state, message] of [
    ['used', INVITATION_MESSAGES.used],
    ['expired', INVITATION_MESSAGES.expired],
    ['ended', INVITATION_MESSAGES.ended],
  ] as const) {
    it(`says plainly that a ${state} link does not work, and takes the token out of the address`, async () => {
      const check = vi.fn().mockRejectedValue(refused(message))
      renderWithProviders(<AcceptInvitationFlow check={check} />, { route: '/accept-invitation/?t=tok-1' })
      expect(await screen.findByRole('heading', { name: 'This invitation link does not work' })).toBeTruthy()
      expect(screen.getByRole('alert').textContent).toBe(message)
      expect(check).toHaveBeenCalledWith('tok-1', expect.any(AbortSignal))
      expect(screen.getByTestId('location').textContent).toBe('/accept-invitation/')
      expect(screen.queryByLabelText(/^Password/)).toBeNull()
    })
  }

  it('a link without a token is not valid', async () => {
    const check = vi.fn()
    renderWithProviders(<AcceptInvitationFlow check={check} />, { route: '/accept-invitation/' })
    expect((await screen.findByRole('alert')).textContent).toBe(INVITATION_MESSAGES.invalid)
    expect(check).not.toHaveBeenCalled()
  })

  it('sets the password with the registration rules, signs in, and takes staff to the admin area', async () => {
    const user = userEvent.setup()
    const check = vi.fn().mockResolvedValue({ email: 'jo@example.com' })
    const accept = vi.fn().mockResolvedValue(TOKENS)
    const signIn = vi.fn().mockResolvedValue(adminProfile)
    renderWithProviders(<AcceptInvitationFlow check={check} accept={accept} />, {
      route: '/accept-invitation/?t=tok-2',
      auth: { signIn },
    })
    expect(await screen.findByText('jo@example.com')).toBeTruthy()
    await user.type(screen.getByLabelText(/^Password/), 'short')
    await user.click(screen.getByRole('button', { name: 'Set Password' }))
    expect(
      await screen.findByText('Password must have at least 8 characters.', {
        selector: '.field__error, .field__error *',
      }),
    ).toBeTruthy()
    expect(accept).not.toHaveBeenCalled()
    await user.clear(screen.getByLabelText(/^Password/))
    await user.type(screen.getByLabelText(/^Password/), 'Signals-2026')
    await user.type(screen.getByLabelText(/Confirm Password/), 'Signals-2026')
    await user.click(screen.getByRole('button', { name: 'Set Password' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/'))
    expect(accept).toHaveBeenCalledWith({
      token: 'tok-2',
      password: 'Signals-2026',
      confirmPassword: 'Signals-2026',
    })
    expect(signIn).toHaveBeenCalledWith(TOKENS)
    expect(await screen.findByText(INVITATION_MESSAGES.accepted)).toBeTruthy()
  })

  it('says so when the link was used meanwhile', async () => {
    const user = userEvent.setup()
    const check = vi.fn().mockResolvedValue({ email: 'reg@example.com' })
    const accept = vi.fn().mockRejectedValueOnce(refused(INVITATION_MESSAGES.used))
    renderWithProviders(<AcceptInvitationFlow check={check} accept={accept} />, {
      route: '/accept-invitation/?t=tok-3',
      auth: { signIn: vi.fn().mockResolvedValue(regularProfile) },
    })
    await user.type(await screen.findByLabelText(/^Password/), 'Signals-2026')
    await user.type(screen.getByLabelText(/Confirm Password/), 'Signals-2026')
    await user.click(screen.getByRole('button', { name: 'Set Password' }))
    expect(await screen.findByRole('heading', { name: 'This invitation link does not work' })).toBeTruthy()
    expect(screen.getAllByText(INVITATION_MESSAGES.used).length).toBeGreaterThan(0)
  })
})
