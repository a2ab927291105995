// @vitest-environment happy-dom
import { MESSAGES } from '@signalway/shared/messages'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { EmailChangeLink } from './email-change-link.tsx'

const signedIn = { status: 'signedIn' as const, profile: regularProfile }

afterEach(() => window.sessionStorage.clear())

describe('the page a confirmation link opens', () => {
  it("says 'Your email address is now …' when the address changed", async () => {
    const confirm = vi.fn().mockResolvedValue({ email: 'new@example.com', changed: true })
    renderWithProviders(<EmailChangeLink action="confirm" confirm={confirm} />, {
      route: '/confirm-email/?t=abcdefghij',
      auth: signedIn,
    })
    expect(await screen.findByText('Your email address is now new@example.com.')).toBeTruthy()
    expect(confirm).toHaveBeenCalledWith('abcdefghij')
  })

  it('says the address is confirmed, and not that it is now that address, when nothing changed', async () => {
    const confirm = vi.fn().mockResolvedValue({ email: 'same@example.com', changed: false })
    renderWithProviders(<EmailChangeLink action="confirm" confirm={confirm} />, {
      route: '/confirm-email/?t=abcdefghij',
      auth: signedIn,
    })
    expect(
      await screen.findByText("Thank you: same@example.com is confirmed as your account's email address."),
    ).toBeTruthy()
    expect(screen.queryByText(/is now/u)).toBeNull()
  })

  it('signed out, asks to log in and comes back to the bare page, which then confirms with the kept token', async () => {
    const confirm = vi.fn().mockResolvedValue({ email: 'same@example.com', changed: false })
    const first = renderWithProviders(<EmailChangeLink action="confirm" confirm={confirm} />, {
      route: '/confirm-email/?t=abcdefghij',
      path: '/confirm-email/',
    })
    // The token stays out of the login page's address.
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/login/?return-url=%2Fconfirm-email%2F'),
    )
    expect(confirm).not.toHaveBeenCalled()
    first.unmount()

    renderWithProviders(<EmailChangeLink action="confirm" confirm={confirm} />, {
      route: '/confirm-email/',
      auth: signedIn,
    })
    expect(
      await screen.findByText("Thank you: same@example.com is confirmed as your account's email address."),
    ).toBeTruthy()
    expect(confirm).toHaveBeenCalledWith('abcdefghij')
    expect(window.sessionStorage.getItem('signalway.confirm-email')).toBeNull()
  })

  it('signed in to another account, says the link belongs to another account and offers to log out', async () => {
    const confirm = vi
      .fn()
      .mockRejectedValue(
        new ApiError({ status: 403, message: 'denied', body: { Message: MESSAGES.emailLinkOtherAccount } }),
      )
    renderWithProviders(<EmailChangeLink action="confirm" confirm={confirm} />, {
      route: '/confirm-email/?t=abcdefghij',
      auth: signedIn,
    })
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.emailLinkOtherAccount)
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout/')
  })
})
