// @vitest-environment happy-dom
import { MESSAGES } from '@signalway/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { LoginForm } from './login-form.tsx'
import { PasskeyPanel } from './passkey-panel.tsx'

/* Passkeys in the Security section and on the login page. */

const TOKENS = { access_token: 'a.b.c', refresh_token: 'r', expires_in: 900 }
const KEY = { id: 'cred-1', name: 'Work laptop', createdAt: '2026-11-20T01:00:00.000Z', lastUsedAt: null }

describe('Passkeys in the Security section', () => {
  it('lists them, adds one under a name, renames and removes one with the password', async () => {
    const user = userEvent.setup()
    const load = vi
      .fn()
      .mockResolvedValueOnce([KEY])
      .mockResolvedValueOnce([KEY, { ...KEY, id: 'cred-2', name: 'Phone' }])
      .mockResolvedValue([{ ...KEY, name: 'Office laptop' }])
    const add = vi.fn().mockResolvedValue({ ...KEY, id: 'cred-2', name: 'Phone' })
    const rename = vi.fn().mockResolvedValue({ ...KEY, name: 'Office laptop' })
    const remove = vi.fn().mockResolvedValue(undefined)
    renderWithProviders(<PasskeyPanel load={load} add={add} rename={rename} remove={remove} supported />, {
      auth: { status: 'signedIn', profile: regularProfile },
    })
    const list = await screen.findByRole('list', { name: 'Your passkeys' })
    expect(list.textContent).toContain('Work laptop')
    expect(list.textContent).toContain('Not used yet')

    await user.type(screen.getByRole('textbox', { name: /^Passkey Name/ }), 'Phone')
    // Without the current password nothing is asked of the device.
    await user.click(screen.getByRole('button', { name: 'Add a Passkey' }))
    expect(await screen.findByText('Current password is required.')).toBeTruthy()
    expect(add).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText(/^Current Password/, { selector: 'input' }), 'Cones-2026')
    await user.click(screen.getByRole('button', { name: 'Add a Passkey' }))
    await waitFor(() => expect(add).toHaveBeenCalledWith({ name: 'Phone', currentPassword: 'Cones-2026' }))
    expect(await screen.findByText(MESSAGES.passkeyAdded('Phone'))).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Rename Work laptop' }))
    const name = screen.getAllByRole('textbox', { name: /^Passkey Name/ })[0] as HTMLInputElement
    expect(name.value).toBe('Work laptop')
    await user.clear(name)
    await user.type(name, 'Office laptop')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(rename).toHaveBeenCalledWith('cred-1', 'Office laptop'))

    await user.click(await screen.findByRole('button', { name: 'Remove Office laptop' }))
    const removeForm = screen.getByRole('form', { name: 'Remove Office laptop' })
    await user.type(
      within(removeForm).getByLabelText(/^Current Password/, { selector: 'input' }),
      'Cones-2026',
    )
    await user.click(within(removeForm).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(remove).toHaveBeenCalledWith('cred-1', { currentPassword: 'Cones-2026' }))
  })

  it('says when the device did not make one, and keeps the name', async () => {
    const user = userEvent.setup()
    const add = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      throw new Error('NotAllowedError')
    })
    renderWithProviders(<PasskeyPanel load={vi.fn().mockResolvedValue([])} add={add} supported />)
    const name = (await screen.findByRole('textbox', { name: /^Passkey Name/ })) as HTMLInputElement
    await user.type(name, 'Phone')
    await user.type(screen.getByLabelText(/^Current Password/, { selector: 'input' }), 'Cones-2026')
    await user.click(screen.getByRole('button', { name: 'Add a Passkey' }))
    expect(await screen.findByText(MESSAGES.passkeyAddFailed)).toBeTruthy()
    expect(name.value).toBe('Phone')
  })

  it('says so in a browser that cannot make passkeys', async () => {
    renderWithProviders(<PasskeyPanel load={vi.fn().mockResolvedValue([])} supported={false} />)
    expect(await screen.findByText(/This browser cannot make passkeys/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add a Passkey' })).toBeNull()
  })
})

describe('Passkeys on the login page', () => {
  it('signs in with a passkey alone', async () => {
    const user = userEvent.setup()
    const withPasskey = vi.fn().mockResolvedValue(TOKENS)
    const signIn = vi.fn().mockResolvedValue(regularProfile)
    renderWithProviders(<LoginForm withPasskey={withPasskey} passkeys />, { auth: { signIn } })
    await user.click(screen.getByRole('button', { name: 'Sign In with a Passkey' }))
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(TOKENS))
    expect(withPasskey).toHaveBeenCalledWith()
  })

  it('offers the passkey as the second step when the account has one', async () => {
    const user = userEvent.setup()
    const mfa = new ApiError({
      status: 403,
      message: 'A second factor is needed to sign in.',
      body: { error: 'mfa_required', mfa_token: 'challenge-2', factors: ['passkey'] },
    })
    const withPasskey = vi.fn().mockResolvedValue(TOKENS)
    const signIn = vi.fn().mockResolvedValue(regularProfile)
    renderWithProviders(
      <LoginForm signInWith={vi.fn().mockRejectedValue(mfa)} withPasskey={withPasskey} passkeys />,
      {
        auth: { signIn },
      },
    )
    await user.type(screen.getByRole('textbox', { name: /^Username/ }), 'ada@example.com')
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Cones-2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await user.click(await screen.findByRole('button', { name: 'Use a Passkey' }))
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(TOKENS))
    expect(withPasskey).toHaveBeenCalledWith('challenge-2')
    // No code field: the account has no authenticator app.
    expect(screen.queryByRole('textbox', { name: /^Code/ })).toBeNull()
  })

  it('says so when the passkey did not work', async () => {
    const user = userEvent.setup()
    renderWithProviders(
      <LoginForm withPasskey={vi.fn().mockRejectedValue(new Error('NotAllowedError'))} passkeys />,
    )
    await user.click(screen.getByRole('button', { name: 'Sign In with a Passkey' }))
    expect(await screen.findByText(MESSAGES.passkeySignInFailed)).toBeTruthy()
  })
})
