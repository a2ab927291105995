// @vitest-environment happy-dom
import { MESSAGES } from '@signalway/shared'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { LoginForm } from './login-form.tsx'
import { ResetPasswordFlow } from './reset-password-form.tsx'
import { TotpSetup } from './totp-setup.tsx'
import { TwoStepPanel } from './two-step-panel.tsx'

/* Two-step sign-in: setting up an authenticator app, the login's code step, the Security panel. */

const TOKENS = { access_token: 'a.b.c', refresh_token: 'r', expires_in: 900 }
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/x',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
}
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${i}${i}`)

const mfaRequired = () =>
  new ApiError({
    status: 403,
    message: 'A second factor is needed to sign in.',
    body: {
      Message: 'A second factor is needed to sign in.',
      error: 'mfa_required',
      mfa_token: 'challenge-1',
    },
  })

/** A refusal that arrives over the network: after the field's deferred blur has run, as in a browser. */
const refuseLater = (error: ApiError) =>
  vi.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20))
    throw error
  })

const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement

describe('Login with two-step sign-in', () => {
  async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
    await user.type(textbox(/^Username/), 'ada@example.com')
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Cones-2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await screen.findByRole('heading', { name: 'Two-step sign-in' })
  }

  it('asks for the code after the right password and signs in with both', async () => {
    const user = userEvent.setup()
    const signInWith = vi.fn().mockRejectedValue(mfaRequired())
    const secondStep = vi.fn().mockResolvedValue(TOKENS)
    const signIn = vi.fn().mockResolvedValue(adminProfile)
    renderWithProviders(<LoginForm signInWith={signInWith} secondStep={secondStep} />, { auth: { signIn } })
    await passwordStep(user)
    const code = textbox(/^Code/)
    await waitFor(() => expect(document.activeElement).toBe(code))
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    await user.type(code, '123 456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(TOKENS))
    expect(secondStep).toHaveBeenCalledWith({
      GrantType: 'mfa_otp',
      mfa_token: 'challenge-1',
      otp: '123 456',
    })
  })

  it('says a wrong code on its field and keeps the step; a recovery code works instead', async () => {
    const user = userEvent.setup()
    const wrong = new ApiError({
      status: 400,
      message: 'The code is not right, or has been used already.',
      body: { Message: 'The code is not right, or has been used already.', error: 'invalid_grant' },
    })
    const refuse = refuseLater(wrong)
    let calls = 0
    const secondStep = vi.fn(async (_grant: unknown) => (calls++ === 0 ? refuse() : TOKENS))
    const signIn = vi.fn().mockResolvedValue(regularProfile)
    renderWithProviders(
      <LoginForm signInWith={vi.fn().mockRejectedValue(mfaRequired())} secondStep={secondStep} />,
      {
        auth: { signIn },
      },
    )
    await passwordStep(user)
    await user.type(textbox(/^Code/), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('The code is not right, or has been used already.')).toBeTruthy()
    expect(textbox(/^Code/).value).toBe('')

    await user.click(screen.getByRole('button', { name: 'Use a Recovery Code' }))
    await user.type(textbox(/^Recovery Code/), 'abcd-efgh-00')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(TOKENS))
    expect(secondStep).toHaveBeenLastCalledWith({
      GrantType: 'mfa_recovery',
      mfa_token: 'challenge-1',
      recovery_code: 'abcd-efgh-00',
    })
  })

  it('takes a whole pasted code, as apps copy it, into the field (numeric keypad, one-time-code autofill)', async () => {
    const user = userEvent.setup()
    const secondStep = vi.fn().mockResolvedValue(TOKENS)
    const signIn = vi.fn().mockResolvedValue(regularProfile)
    renderWithProviders(
      <LoginForm signInWith={vi.fn().mockRejectedValue(mfaRequired())} secondStep={secondStep} />,
      { auth: { signIn } },
    )
    await passwordStep(user)
    const code = textbox(/^Code/)
    expect(code.getAttribute('inputmode')).toBe('numeric')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    await user.click(code)
    await user.paste('Your code: 123-456')
    expect(code.value).toBe('123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(secondStep).toHaveBeenCalledWith(expect.objectContaining({ otp: '123456' })))
  })

  it('checks the code before sending it', async () => {
    const user = userEvent.setup()
    const secondStep = vi.fn()
    renderWithProviders(
      <LoginForm signInWith={vi.fn().mockRejectedValue(mfaRequired())} secondStep={secondStep} />,
    )
    await passwordStep(user)
    await user.type(textbox(/^Code/), '12ab')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('The code has 6 digits.')).toBeTruthy()
    expect(secondStep).not.toHaveBeenCalled()
  })

  it('goes back to the password when the sign-in has expired', async () => {
    const user = userEvent.setup()
    const expired = new ApiError({
      status: 400,
      message: 'The sign-in has expired. Please enter your password again.',
      body: { Message: 'The sign-in has expired. Please enter your password again.', error: 'invalid_grant' },
    })
    renderWithProviders(
      <LoginForm
        signInWith={vi.fn().mockRejectedValue(mfaRequired())}
        secondStep={vi.fn().mockRejectedValue(expired)}
      />,
    )
    await passwordStep(user)
    await user.type(textbox(/^Code/), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeTruthy()
    expect(await screen.findByText('The sign-in has expired. Please enter your password again.')).toBeTruthy()
  })
})

describe('Wrong codes and a password reset', () => {
  it('shows the lock-out in its own words when wrong codes have locked the account', async () => {
    const user = userEvent.setup()
    const locked = new ApiError({
      status: 429,
      message: 'Too many requests, please try again later.',
      body: { Message: 'Too many requests, please try again later.' },
    })
    renderWithProviders(
      <LoginForm signInWith={vi.fn().mockRejectedValue(mfaRequired())} secondStep={refuseLater(locked)} />,
    )
    await user.type(textbox(/^Username/), 'ada@example.com')
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Cones-2026')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    // On the field and as the notification: not 'that code did not work'.
    await waitFor(() =>
      expect(screen.getAllByText('Too many requests, please try again later.').length).toBe(2),
    )
    expect(screen.queryByText(MESSAGES.twoStepCodeFailed)).toBeNull()
  })

  it('after a password reset of an account with two-step sign-in, asks for the code before signing in', async () => {
    const user = userEvent.setup()
    const reset = vi.fn().mockRejectedValue(mfaRequired())
    const secondStep = vi.fn().mockResolvedValue(TOKENS)
    const signIn = vi.fn().mockResolvedValue(adminProfile)
    renderWithProviders(
      <ResetPasswordFlow
        validate={vi.fn()}
        reset={reset}
        secondStep={secondStep}
        checked={{ token: 'reset-token', check: 'valid' }}
      />,
      { route: '/reset-password/', auth: { signIn } },
    )
    const password = 'Cones-and-VMS-2026!'
    await user.type(screen.getByLabelText(/^New Password/, { selector: 'input' }), password)
    await user.type(screen.getByLabelText(/^Confirm Password/, { selector: 'input' }), password)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText(/Your new password is saved/)).toBeTruthy()
    expect(signIn).not.toHaveBeenCalled()
    await user.type(textbox(/^Code/), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(TOKENS))
    expect(secondStep).toHaveBeenCalledWith({ GrantType: 'mfa_otp', mfa_token: 'challenge-1', otp: '123456' })
    expect(await screen.findByText(MESSAGES.passwordChangedSignedIn)).toBeTruthy()
    // An administrator lands on the admin area (ADR 035).
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/'))
  })
})

describe('Setting up an authenticator app', () => {
  it('shows the QR code and the key, confirms with a first code, then the recovery codes once', async () => {
    const user = userEvent.setup()
    const start = vi.fn().mockResolvedValue(SETUP)
    const confirm = vi.fn().mockResolvedValue(CODES)
    const onDone = vi.fn()
    renderWithProviders(<TotpSetup start={start} confirm={confirm} onDone={onDone} />)
    await user.click(screen.getByRole('button', { name: 'Set Up an Authenticator App' }))
    // The current password first: a stolen session alone cannot put its own app on the account.
    const password = screen.getByLabelText(/^Current Password/, { selector: 'input' })
    await waitFor(() => expect(document.activeElement).toBe(password))
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Current password is required.')).toBeTruthy()
    expect(start).not.toHaveBeenCalled()
    await user.type(password, 'Cones-2026')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(start).toHaveBeenCalledWith({ currentPassword: 'Cones-2026' }))
    const qr = await screen.findByRole('img', { name: /QR code/ })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy()
    // Beside the QR code and the key, the otpauth:// link that opens the app on this phone (CSS shows it on phones).
    const appLink = screen.getByRole('link', { name: 'Add to My Authenticator App' })
    expect(appLink.getAttribute('href')).toBe(SETUP.uri)
    expect(appLink.closest('.two-step__app-link')).toBeTruthy()
    await user.type(textbox(/^Code/), '654321')
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Step Sign-In' }))
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('654321'))
    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(list.textContent).toContain('abcd-efgh-00')
    expect(list.querySelectorAll('li')).toHaveLength(10)
    expect(await screen.findByText(MESSAGES.twoStepOn)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'I Have Saved My Codes' }))
    expect(onDone).toHaveBeenCalled()
  })

  it('says a wrong first code on its field', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({
      status: 400,
      message: 'The request is invalid.',
      modelState: { code: ['The code is not right, or has been used already.'] },
      body: {},
    })
    const confirmMock = refuseLater(refused)
    renderWithProviders(
      <TotpSetup autoStart start={vi.fn().mockResolvedValue(SETUP)} confirm={confirmMock} onDone={vi.fn()} />,
    )
    // Started at once (an administrator's set-up page): the password, with no way to cancel the step.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    await user.type(screen.getByLabelText(/^Current Password/, { selector: 'input' }), 'Cones-2026')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await user.type(await screen.findByRole('textbox', { name: /^Code/ }), '111111')
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Step Sign-In' }))
    expect(await screen.findByText('The code is not right, or has been used already.')).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull()
  })
})

describe('Two-step sign-in in the Security section', () => {
  it('when on: says so with the codes left, and turns off with the current password', async () => {
    const user = userEvent.setup()
    const load = vi
      .fn()
      .mockResolvedValueOnce({ totp: true, recoveryCodesLeft: 7, setupRequired: false })
      .mockResolvedValue({ totp: false, recoveryCodesLeft: 0, setupRequired: false })
    const remove = vi.fn().mockResolvedValue(undefined)
    renderWithProviders(<TwoStepPanel load={load} remove={remove} />, {
      auth: { status: 'signedIn', profile: regularProfile },
    })
    expect(await screen.findByText(/You have 7 recovery codes left\./)).toBeTruthy()
    // One password form at a time, opened by its button; its field takes the focus.
    expect(screen.queryByLabelText(/^Current Password/, { selector: 'input' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Turn Off' }))
    const password = screen.getByLabelText(/^Current Password/, { selector: 'input' })
    await waitFor(() => expect(document.activeElement).toBe(password))
    await user.type(password, 'Cones-2026')
    await user.click(screen.getByRole('button', { name: 'Turn Off' }))
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ currentPassword: 'Cones-2026' }))
    expect(await screen.findByRole('button', { name: 'Set Up an Authenticator App' })).toBeTruthy()
  })

  it('gets new recovery codes with the current password and shows them once', async () => {
    const user = userEvent.setup()
    const load = vi.fn().mockResolvedValue({ totp: true, recoveryCodesLeft: 1, setupRequired: false })
    const renew = vi.fn().mockResolvedValue(CODES)
    renderWithProviders(<TwoStepPanel load={load} renew={renew} />, {
      auth: { status: 'signedIn', profile: adminProfile },
    })
    expect(await screen.findByText(/You have 1 recovery code left\./)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'New Recovery Codes' }))
    await user.type(screen.getByLabelText(/^Current Password/, { selector: 'input' }), 'Cones-2026')
    await user.click(screen.getByRole('button', { name: 'Get New Codes' }))
    await waitFor(() => expect(renew).toHaveBeenCalledWith({ currentPassword: 'Cones-2026' }))
    expect((await screen.findByRole('list', { name: 'Recovery codes' })).querySelectorAll('li')).toHaveLength(
      10,
    )
    await user.click(screen.getByRole('button', { name: 'I Have Saved My Codes' }))
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('an administrator keeps it on: no Turn Off', async () => {
    renderWithProviders(
      <TwoStepPanel
        load={vi.fn().mockResolvedValue({ totp: true, recoveryCodesLeft: 10, setupRequired: false })}
      />,
      { auth: { status: 'signedIn', profile: adminProfile } },
    )
    expect(await screen.findByText(/Administrators always sign in with two steps/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Turn Off' })).toBeNull()
  })
})

describe('pastedCode', () => {
  it('gives the six digits of a code as apps and messages show it, and nothing for other text', async () => {
    const { pastedCode } = await import('./code-field.tsx')
    expect(pastedCode('123456')).toBe('123456')
    expect(pastedCode(' 123 456\n')).toBe('123456')
    expect(pastedCode('Code: 123-456')).toBe('123456')
    expect(pastedCode('12345')).toBeUndefined()
    expect(pastedCode('1234567')).toBeUndefined()
    expect(pastedCode('12 34 56')).toBeUndefined()
  })
})
