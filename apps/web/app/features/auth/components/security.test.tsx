// @vitest-environment happy-dom
import { MESSAGES } from '@signalway/shared'
import type { Session } from '@signalway/shared/auth'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { ChangePasswordForm } from './change-password-form.tsx'
import { ProfileForm } from './profile-form.tsx'
import { SECURITY_SECTION_ID } from './security-section.tsx'
import { SessionList } from './session-list.tsx'

const passwordInput = (label: RegExp) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement
const NEXT = 'Barrier-board-77'

describe('Change password', () => {
  it('sends the current and new passwords, empties the form and says so', async () => {
    const user = userEvent.setup()
    const change = vi.fn(async () => ({ revoked: 2, passkeys: [] }))
    const onChanged = vi.fn()
    renderWithProviders(<ChangePasswordForm change={change} onChanged={onChanged} />)
    expect(screen.getByRole('heading', { level: 3, name: 'Change your password' })).toBeTruthy()
    await user.type(passwordInput(/^Current Password/), 'Old-password-1')
    await user.type(passwordInput(/^New Password/), NEXT)
    await user.type(passwordInput(/^Confirm Password/), NEXT)
    await user.click(screen.getByRole('button', { name: 'Change Password' }))

    await waitFor(() => expect(change).toHaveBeenCalledTimes(1))
    expect(change).toHaveBeenCalledWith({
      currentPassword: 'Old-password-1',
      password: NEXT,
      confirmPassword: NEXT,
    })
    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeTruthy()
    expect(passwordInput(/^Current Password/).value).toBe('')
    expect(onChanged).toHaveBeenCalledTimes(1)
  })

  it('shows a wrong current password on its field, keeps what was typed, and says the change failed', async () => {
    const user = userEvent.setup()
    const change = vi.fn(async () => {
      throw new ApiError({
        status: 400,
        message: 'The request is invalid.',
        modelState: { currentPassword: [MESSAGES.currentPasswordWrong] },
      })
    })
    renderWithProviders(<ChangePasswordForm change={change} />)
    await user.type(passwordInput(/^Current Password/), 'not-it-123')
    await user.type(passwordInput(/^New Password/), NEXT)
    await user.type(passwordInput(/^Confirm Password/), NEXT)
    await user.click(screen.getByRole('button', { name: 'Change Password' }))

    expect(await screen.findByText(MESSAGES.currentPasswordWrong)).toBeTruthy()
    expect(await screen.findByText(MESSAGES.passwordChangeFailed)).toBeTruthy()
    expect(passwordInput(/^New Password/).value).toBe(NEXT)
    expect(passwordInput(/^Current Password/).getAttribute('aria-invalid')).toBe('true')
  })

  it('lists the passkeys that still sign in after a change, and removes them with the new password', async () => {
    const user = userEvent.setup()
    const laptop = {
      id: 'cred-1',
      name: 'Work laptop',
      createdAt: '2026-11-20T01:00:00.000Z',
      lastUsedAt: null,
    }
    const change = vi.fn(async () => ({
      revoked: 0,
      passkeys: [laptop, { ...laptop, id: 'cred-2', name: 'Phone' }],
    }))
    const remove = vi.fn(async () => {})
    const onChanged = vi.fn()
    renderWithProviders(<ChangePasswordForm change={change} remove={remove} onChanged={onChanged} />)
    expect(screen.queryByRole('heading', { name: 'Your passkeys still sign you in' })).toBeNull()
    await user.type(passwordInput(/^Current Password/), 'Old-password-1')
    await user.type(passwordInput(/^New Password/), NEXT)
    await user.type(passwordInput(/^Confirm Password/), NEXT)
    await user.click(screen.getByRole('button', { name: 'Change Password' }))

    const heading = await screen.findByRole('heading', { name: 'Your passkeys still sign you in' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    const list = screen.getByRole('list', { name: 'Passkeys that still sign you in' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Work laptop'), expect.stringContaining('Phone')])
    await user.click(screen.getByRole('button', { name: 'Remove Them' }))
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(2))
    expect(remove).toHaveBeenCalledWith('cred-1', { currentPassword: NEXT })
    expect(remove).toHaveBeenCalledWith('cred-2', { currentPassword: NEXT })
    expect(await screen.findByText(MESSAGES.passkeysRemoved)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Your passkeys still sign you in' })).toBeNull()
    expect(onChanged).toHaveBeenCalledTimes(2)
  })

  it('keeps the passkeys when asked to', async () => {
    const user = userEvent.setup()
    const key = { id: 'cred-1', name: 'Phone', createdAt: '2026-11-20T01:00:00.000Z', lastUsedAt: null }
    const remove = vi.fn(async () => {})
    renderWithProviders(
      <ChangePasswordForm change={vi.fn(async () => ({ revoked: 0, passkeys: [key] }))} remove={remove} />,
    )
    await user.type(passwordInput(/^Current Password/), 'Old-password-1')
    await user.type(passwordInput(/^New Password/), NEXT)
    await user.type(passwordInput(/^Confirm Password/), NEXT)
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    await user.click(await screen.findByRole('button', { name: 'Keep Them' }))
    expect(screen.queryByRole('heading', { name: 'Your passkeys still sign you in' })).toBeNull()
    expect(remove).not.toHaveBeenCalled()
  })

  it('checks the fields before sending anything', async () => {
    const user = userEvent.setup()
    const change = vi.fn(async () => ({ revoked: 0, passkeys: [] }))
    renderWithProviders(<ChangePasswordForm change={change} />)
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Current password is required.')).toBeTruthy()
    expect(change).not.toHaveBeenCalled()
  })
})

const session = (overrides: Partial<Session>): Session => ({
  id: 'a',
  browser: 'Chrome 131',
  system: 'Windows',
  ip: '203.0.113.7',
  startedAt: '2026-11-20T01:00:00.000Z',
  lastUsedAt: '2026-11-24T23:30:00.000Z',
  current: false,
  ...overrides,
})

describe('Where you are signed in', () => {
  it('lists the sessions with this device marked, in the business’s time', async () => {
    const load = vi.fn(async () => ({
      items: [
        session({ id: 'phone', browser: 'Safari 18', system: 'iOS' }),
        session({ id: 'here', current: true }),
      ],
    }))
    renderWithProviders(<SessionList load={load} />)
    const items = await screen.findAllByRole('listitem')
    expect(items.map((item) => item.querySelector('.sessions__device')?.textContent)).toEqual([
      'Safari 18 on iOS',
      'Chrome 131 on Windows',
    ])
    expect(within(items[1] as HTMLElement).getByText('This device')).toBeTruthy()
    // 23:30 UTC on the 24th is 10:30 on the 25th in Melbourne (daylight saving).
    expect(items[0]?.textContent).toContain('25/11/2026')
    expect(items[0]?.textContent).toContain('from 203.0.113.7')
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link', { name: 'Log out' })
        .getAttribute('href'),
    ).toBe('/logout/')
  })

  it('signs out one other session, or every other one, and loads the list again', async () => {
    const user = userEvent.setup()
    let items = [
      session({ id: 'phone' }),
      session({ id: 'tablet', browser: 'Firefox 133' }),
      session({ id: 'here', current: true }),
    ]
    const load = vi.fn(async () => ({ items }))
    const signOutOne = vi.fn(async (id: string) => {
      items = items.filter((item) => item.id !== id)
    })
    const signOutOthers = vi.fn(async () => {
      const count = items.filter((item) => !item.current).length
      items = items.filter((item) => item.current)
      return count
    })
    renderWithProviders(<SessionList load={load} signOutOne={signOutOne} signOutOthers={signOutOthers} />)

    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome 131 on Windows' }))
    expect(signOutOne).toHaveBeenCalledWith('phone')
    expect(await screen.findByText(MESSAGES.sessionSignedOut)).toBeTruthy()
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2))

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }))
    expect(await screen.findByText(MESSAGES.otherSessionsSignedOut(1))).toBeTruthy()
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull()
  })

  it('says when the list cannot be loaded, and tries again', async () => {
    const user = userEvent.setup()
    const load = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 0, message: 'no response' }))
      .mockResolvedValueOnce({ items: [session({ current: true })] })
    renderWithProviders(<SessionList load={load} />)
    expect(await screen.findAllByText(MESSAGES.sessionsLoadFailed)).not.toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('This device')).toBeTruthy()
  })
})

describe('Changing the email on the profile', () => {
  it('asks for the current password only while the email differs, and says a link was sent', async () => {
    const user = userEvent.setup()
    const settings = { ...regularProfile, email: 'old@example.com' }
    const save = vi.fn(async () => ({ ...settings, pendingEmail: 'new@example.com' }))
    renderWithProviders(<ProfileForm settings={settings} save={save} />)
    expect(screen.queryByLabelText(/^Current Password/, { selector: 'input' })).toBeNull()

    const email = screen.getByRole('textbox', { name: /^Email/ })
    await user.clear(email)
    await user.type(email, 'new@example.com')
    expect(passwordInput(/^Current Password/)).toBeTruthy()
    await user.type(passwordInput(/^Current Password/), 'Old-password-1')
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'new@example.com', currentPassword: 'Old-password-1' }),
    )
    expect(
      await screen.findByText(MESSAGES.emailChangePending('new@example.com', 'old@example.com')),
    ).toBeTruthy()
    // The form shows the account's email as it still is, and no password field.
    expect((screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe(
      'old@example.com',
    )
    expect(screen.queryByLabelText(/^Current Password/, { selector: 'input' })).toBeNull()
  })
})

describe('the link to the security section (from the account area)', () => {
  it("points at the section's id", () => {
    expect(paths.profileSecurity).toBe(`${paths.updateProfile}#${SECURITY_SECTION_ID}`)
  })
})

describe('the Security section shown before its page may ask', () => {
  it('shows its lists as loading and asks nothing until active, then loads them', async () => {
    const user = userEvent.setup()
    const load = vi.fn(async () => ({ items: [] as Session[] }))
    function Page() {
      const [active, setActive] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setActive(true)}>
            Settle
          </button>
          <SessionList load={load} active={active} />
        </>
      )
    }
    renderWithProviders(<Page />)
    expect(screen.getByText('Loading your sessions…')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(load).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Settle' }))
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  })
})
