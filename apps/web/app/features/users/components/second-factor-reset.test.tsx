// @vitest-environment happy-dom
import { MESSAGES, type UserDetail } from '@signalway/shared'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { SecondFactorReset } from './second-factor-reset.tsx'

const USER: UserDetail = {
  id: '42',
  firstName: 'Lee',
  lastName: 'Nguyen',
  email: 'lee@example.com',
  mobile: '0412345678',
  userType: 1,
  registationDate: '2026-01-02T03:04:05.000Z',
  isActive: true,
  secondFactor: true,
}

describe('Two-step sign-in on Update User', () => {
  it('resets a user’s second factor after a yes, then says so', async () => {
    const user = userEvent.setup()
    const reset = vi.fn().mockResolvedValue(undefined)
    const onReset = vi.fn()
    renderWithProviders(<SecondFactorReset user={USER} reset={reset} onReset={onReset} />, {
      auth: { status: 'signedIn', profile: adminProfile },
    })
    await user.click(screen.getByRole('button', { name: 'Reset Two-Step Sign-In' }))
    const yes = screen.getByRole('button', { name: 'Yes, Reset' })
    await waitFor(() => expect(document.activeElement).toBe(yes))
    await user.click(yes)
    await waitFor(() => expect(reset).toHaveBeenCalledWith('42'))
    expect(onReset).toHaveBeenCalled()
    expect(await screen.findByText(MESSAGES.twoStepReset('Lee Nguyen'))).toBeTruthy()
  })

  it('Cancel asks nothing of the server and gives focus back', async () => {
    const user = userEvent.setup()
    const reset = vi.fn()
    renderWithProviders(<SecondFactorReset user={USER} reset={reset} onReset={vi.fn()} />, {
      auth: { status: 'signedIn', profile: adminProfile },
    })
    await user.click(screen.getByRole('button', { name: 'Reset Two-Step Sign-In' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reset Two-Step Sign-In' })),
    )
    expect(reset).not.toHaveBeenCalled()
  })

  it('offers nothing for one’s own account or a user without it', () => {
    const { unmount } = renderWithProviders(
      <SecondFactorReset user={{ ...USER, id: adminProfile.id }} onReset={vi.fn()} />,
      { auth: { status: 'signedIn', profile: adminProfile } },
    )
    expect(screen.queryByRole('button', { name: 'Reset Two-Step Sign-In' })).toBeNull()
    unmount()
    renderWithProviders(<SecondFactorReset user={{ ...USER, secondFactor: false }} onReset={vi.fn()} />, {
      auth: { status: 'signedIn', profile: adminProfile },
    })
    expect(screen.getByText(/^Off:/)).toBeTruthy()
  })
})
