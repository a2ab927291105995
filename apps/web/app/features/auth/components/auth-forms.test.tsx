// @vitest-environment happy-dom
import { MESSAGES, type ProfileSettings } from '@signalway/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { isTooCommon } from '../common-passwords.ts'
import { ForgotPasswordForm } from './forgot-password-form.tsx'
import { LoginForm } from './login-form.tsx'
import { ProfileForm } from './profile-form.tsx'
import { RegisterForm } from './register-form.tsx'
import { ResetPasswordFlow } from './reset-password-form.tsx'

const TOKENS = { access_token: 'a.b.c', refresh_token: 'r', expires_in: 900 }
const PASSWORD = 'Cones-and-VMS-2026!'

const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement
const passwordInput = (label: RegExp) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement

function checklist() {
  const list = screen.getByRole('list', { name: 'Your password must meet these rules' })
  return within(list)
    .getAllByRole('listitem')
    .map((item) => `${item.getAttribute('data-rule')}:${item.getAttribute('data-met')}`)
}

describe('Register', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(textbox(/^First Name/), 'Ada')
    await user.type(textbox(/^Last Name/), 'Lovelace')
    await user.type(textbox(/^Email/), 'ada@example.com')
    await user.type(textbox(/^Mobile/), '0412345678')
    await user.type(passwordInput(/^Password/), PASSWORD)
    await user.type(passwordInput(/^Confirm Password/), PASSWORD)
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }))
  }

  it('ticks each password rule as it is met, and says so politely; an empty password ticks nothing', async () => {
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm register={vi.fn()} />)
    // 'Password is required.' is the field's error, never a line shown as met.
    expect(checklist()).toEqual(['minLength:false', 'number:false', 'common:false'])
    const input = passwordInput(/^Password/)
    expect(input.getAttribute('aria-describedby')).toContain(
      screen.getByRole('list', { name: 'Your password must meet these rules' }).id,
    )

    await user.type(input, 'abc')
    await waitFor(() => expect(checklist()).toEqual(['minLength:false', 'number:false', 'common:true']))
    expect(
      (await screen.findByText(/Must not be a common password\. Done\./u)).getAttribute('aria-live'),
    ).toBe('polite')
    await user.type(input, 'defgh')
    expect(checklist()).toEqual(['minLength:true', 'number:false', 'common:true'])
    await user.type(input, '1')
    expect(checklist()).toEqual(['minLength:true', 'number:true', 'common:true'])
    expect(screen.getByText('Must have a number. Done.')).toBeTruthy()
    await user.clear(input)
    expect(checklist()).toEqual(['minLength:false', 'number:false', 'common:false'])
    expect(screen.queryByText('Password is required.')).toBeNull()
  })

  it("flags a password the server refuses as too common before sending, and doesn't tick its line", async () => {
    const user = userEvent.setup()
    const register = vi.fn()
    renderWithProviders(<RegisterForm register={register} />)
    await user.type(textbox(/^First Name/), 'Ada')
    await user.type(textbox(/^Last Name/), 'Lovelace')
    await user.type(textbox(/^Email/), 'ada@example.com')
    await user.type(textbox(/^Mobile/), '0412345678')
    // On the server's list (packages/shared/src/common-passwords.txt), whatever its case.
    expect(await isTooCommon('Password1')).toBe(true)
    await user.type(passwordInput(/^Password/), 'Password1')
    await user.type(passwordInput(/^Confirm Password/), 'Password1')
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }))
    expect(await screen.findByText('Password is too common.')).toBeTruthy()
    expect(checklist()).toEqual(['minLength:true', 'number:true', 'common:false'])
    await user.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() => expect(screen.getAllByText(MESSAGES.formHasErrors).length).toBeGreaterThan(0))
    expect(register).not.toHaveBeenCalled()
    expect(passwordInput(/^Password/).getAttribute('aria-invalid')).toBe('true')
  })

  it('links the terms and the login page', () => {
    renderWithProviders(<RegisterForm register={vi.fn()} />)
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe(
      '/terms-and-conditions/',
    )
  })

  it("sends memberType '1', then signs in with the tokens", async () => {
    const user = userEvent.setup()
    const register = vi.fn().mockResolvedValue(TOKENS)
    const signIn = vi.fn().mockResolvedValue(regularProfile)
    renderWithProviders(<RegisterForm register={register} />, { auth: { signIn } })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(TOKENS))
    expect(register.mock.calls[0]?.[0]).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
      mobile: '0412345678',
      acceptedTheTerms: true,
    })
  })

  it("says 'Unable to register.' and shows a taken email's message on the field", async () => {
    const user = userEvent.setup()
    const taken = new ApiError({
      status: 409,
      message: 'x',
      body: { Message: 'This email address is already registered.' },
    })
    renderWithProviders(<RegisterForm register={vi.fn().mockRejectedValue(taken)} />)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() => expect(screen.getByText(MESSAGES.registerFailed)).toBeTruthy())
    expect(screen.getByText('This email address is already registered.')).toBeTruthy()
    expect(textbox(/^Email/).getAttribute('aria-invalid')).toBe('true')
  })

  it("says 'Unable to fetch the user profile.' when the profile cannot be fetched", async () => {
    const user = userEvent.setup()
    const signIn = vi.fn().mockRejectedValue(new Error('500'))
    renderWithProviders(<RegisterForm register={vi.fn().mockResolvedValue(TOKENS)} />, { auth: { signIn } })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() => expect(screen.getByText(MESSAGES.profileFetchFailed)).toBeTruthy())
  })
})

describe('Login', () => {
  async function login(user: ReturnType<typeof userEvent.setup>) {
    await user.type(textbox(/^Username/), 'ada@example.com')
    await user.type(passwordInput(/^Password/), PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Login' }))
  }

  it('signs in with the tokens of the password grant', async () => {
    const user = userEvent.setup()
    const signInWith = vi.fn().mockResolvedValue(TOKENS)
    const signIn = vi.fn().mockResolvedValue(regularProfile)
    renderWithProviders(<LoginForm signInWith={signInWith} />, { auth: { signIn } })
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe(
      '/forgot-password/',
    )
    await login(user)
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(TOKENS))
    expect(signInWith).toHaveBeenCalledWith('ada@example.com', PASSWORD)
  })

  it('says the required message on a refusal or no connection', async () => {
    const user = userEvent.setup()
    renderWithProviders(
      <LoginForm signInWith={vi.fn().mockRejectedValue(new ApiError({ status: 400, message: 'x' }))} />,
    )
    await login(user)
    await waitFor(() => expect(screen.getAllByText(MESSAGES.loginFailed)).toHaveLength(2))
    expect(passwordInput(/^Password/).value).toBe('')
  })

  it('keeps the failure beside the form after the notification has gone, the fields invalid and described by it', async () => {
    const user = userEvent.setup()
    const signInWith = vi.fn().mockRejectedValueOnce(new ApiError({ status: 400, message: 'x' }))
    renderWithProviders(<LoginForm signInWith={signInWith} />)
    const username = textbox(/^Username/)
    // An email keyboard on phones; the label the requirements give kept.
    expect(username.getAttribute('type')).toBe('email')
    expect(username.getAttribute('inputmode')).toBe('email')
    expect(username.getAttribute('autocomplete')).toBe('username')
    expect(username.getAttribute('aria-invalid')).toBeNull()
    await login(user)
    await user.click(await screen.findByRole('button', { name: 'Close notification' }))
    const form = screen.getByRole('form', { name: 'Log in to your account' })
    const failure = within(form).getByRole('alert')
    expect(failure.textContent).toBe(MESSAGES.loginFailed)
    expect(screen.getAllByText(MESSAGES.loginFailed)).toHaveLength(1)
    for (const input of [username, passwordInput(/^Password/)]) {
      expect(input.getAttribute('aria-invalid')).toBe('true')
      expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(failure.id)
    }
    // The next attempt starts clean.
    await login(user)
    await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull())
    expect(username.getAttribute('aria-invalid')).toBeNull()
  })

  it("shows the server's message on a lock-out (429)", async () => {
    const user = userEvent.setup()
    const locked = new ApiError({
      status: 429,
      message: 'x',
      body: { Message: 'Too many requests, please try again later.' },
    })
    renderWithProviders(<LoginForm signInWith={vi.fn().mockRejectedValue(locked)} />)
    await login(user)
    await waitFor(() =>
      expect(screen.getAllByText('Too many requests, please try again later.')).toHaveLength(2),
    )
    expect(screen.queryByText(MESSAGES.loginFailed)).toBeNull()
  })
})

describe('Forgot Password', () => {
  it('says the link was sent to the address, and notifies', async () => {
    const user = userEvent.setup()
    const requestReset = vi.fn().mockResolvedValue({})
    renderWithProviders(<ForgotPasswordForm requestReset={requestReset} />)
    await user.type(textbox(/^Email Address/), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByText(MESSAGES.forgotPasswordSent('ada@example.com'))).toBeTruthy())
    expect(screen.getByText(MESSAGES.forgotPasswordInitiated)).toBeTruthy()
    expect(requestReset).toHaveBeenCalledWith('ada@example.com')
  })

  it("says 'Account does not exist.' on any failure", async () => {
    const user = userEvent.setup()
    renderWithProviders(<ForgotPasswordForm requestReset={vi.fn().mockRejectedValue(new Error('x'))} />)
    await user.type(textbox(/^Email Address/), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByText(MESSAGES.forgotPasswordFailed)).toBeTruthy())
    expect(textbox(/^Email Address/)).toBeTruthy()
  })

  it("checks the address first: 'Invalid Email Address'", async () => {
    const user = userEvent.setup()
    const requestReset = vi.fn()
    renderWithProviders(<ForgotPasswordForm requestReset={requestReset} />)
    await user.type(textbox(/^Email Address/), 'ada@')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.getByText('Invalid Email Address')).toBeTruthy())
    expect(requestReset).not.toHaveBeenCalled()
  })
})

describe('Reset Password', () => {
  it('reads the token after the first three characters of the query string, and checks it behind a loader', async () => {
    let resolve: (value: unknown) => void = () => {}
    const validate = vi.fn(() => new Promise((r) => (resolve = r)))
    renderWithProviders(<ResetPasswordFlow validate={validate} reset={vi.fn()} />, {
      route: '/reset-password/?t=Ab-_c%2Bd',
    })
    expect(validate).toHaveBeenCalledWith('Ab-_c+d', expect.any(AbortSignal))
    expect(screen.getAllByText('Checking your password reset link…').length).toBeGreaterThan(0)
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy()
    resolve({ valid: true })
    await waitFor(() => expect(passwordInput(/^New Password/)).toBeTruthy())
  })

  it('takes the token out of the address as soon as it has read it, and still uses it', async () => {
    const user = userEvent.setup()
    const validate = vi.fn().mockResolvedValue({ valid: true })
    const reset = vi.fn().mockResolvedValue(TOKENS)
    renderWithProviders(<ResetPasswordFlow validate={validate} reset={reset} />, {
      route: '/reset-password/?t=secret-token-1',
      auth: { signIn: vi.fn().mockResolvedValue(regularProfile) },
    })
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/reset-password/'))
    expect(validate).toHaveBeenCalledWith('secret-token-1', expect.any(AbortSignal))
    await user.type(await waitFor(() => passwordInput(/^New Password/)), PASSWORD)
    await user.type(passwordInput(/^Confirm Password/), PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await waitFor(() =>
      expect(reset).toHaveBeenCalledWith(expect.objectContaining({ resetToken: 'secret-token-1' })),
    )
  })

  it('shows the invalid-request text with a link to start again, for a refused or missing token', async () => {
    const validate = vi.fn().mockRejectedValue(new ApiError({ status: 400, message: 'x' }))
    renderWithProviders(<ResetPasswordFlow validate={validate} reset={vi.fn()} />, {
      route: '/reset-password/?t=used',
    })
    await waitFor(() => expect(screen.getByText(MESSAGES.resetPasswordInvalid)).toBeTruthy())
    expect(screen.getByRole('link', { name: 'Reset your password again' }).getAttribute('href')).toBe(
      '/forgot-password/',
    )
  })

  it('offers to check again when the server cannot answer (not the invalid text)', async () => {
    const user = userEvent.setup()
    const validate = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 503, message: 'x' }))
      .mockResolvedValueOnce({ valid: true })
    renderWithProviders(<ResetPasswordFlow validate={validate} reset={vi.fn()} />, {
      route: '/reset-password/?t=tok',
    })
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(screen.queryByText(MESSAGES.resetPasswordInvalid)).toBeNull()
    await waitFor(() => expect(passwordInput(/^New Password/)).toBeTruthy())
    expect(validate).toHaveBeenCalledTimes(2)
  })

  it('shows the form the server checked at once, and resets with its token once the address bar is clean (ADR 027)', async () => {
    const user = userEvent.setup()
    const validate = vi.fn()
    const reset = vi.fn().mockResolvedValue(TOKENS)
    renderWithProviders(
      <ResetPasswordFlow
        validate={validate}
        reset={reset}
        checked={{ token: 'server-token', check: 'valid' }}
      />,
      { route: '/reset-password/', auth: { signIn: vi.fn().mockResolvedValue(regularProfile) } },
    )
    expect(screen.queryByText('Checking your password reset link…')).toBeNull()
    await user.type(passwordInput(/^New Password/), PASSWORD)
    await user.type(passwordInput(/^Confirm Password/), PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await waitFor(() =>
      expect(reset).toHaveBeenCalledWith(expect.objectContaining({ resetToken: 'server-token' })),
    )
    expect(validate).not.toHaveBeenCalled()
  })

  it('shows the invalid text the server found, and checks again from the browser only on Try again', async () => {
    const user = userEvent.setup()
    const validate = vi.fn().mockResolvedValue({ valid: true })
    const { unmount } = renderWithProviders(
      <ResetPasswordFlow validate={validate} reset={vi.fn()} checked={{ token: 'used', check: 'invalid' }} />,
      { route: '/reset-password/' },
    )
    expect(screen.getByText(MESSAGES.resetPasswordInvalid)).toBeTruthy()
    unmount()

    renderWithProviders(
      <ResetPasswordFlow
        validate={validate}
        reset={vi.fn()}
        checked={{ token: 'tok', check: 'unavailable' }}
      />,
      { route: '/reset-password/' },
    )
    expect(validate).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(passwordInput(/^New Password/)).toBeTruthy())
    expect(validate).toHaveBeenCalledWith('tok', expect.any(AbortSignal))
  })

  it('does not ask the server about an empty token', async () => {
    const validate = vi.fn()
    renderWithProviders(<ResetPasswordFlow validate={validate} reset={vi.fn()} />, {
      route: '/reset-password/',
    })
    await waitFor(() => expect(screen.getByText(MESSAGES.resetPasswordInvalid)).toBeTruthy())
    expect(validate).not.toHaveBeenCalled()
  })

  it('sets the password with the token, signs in and goes home', async () => {
    const user = userEvent.setup()
    const reset = vi.fn().mockResolvedValue(TOKENS)
    const signIn = vi.fn().mockResolvedValue(regularProfile)
    renderWithProviders(<ResetPasswordFlow validate={vi.fn().mockResolvedValue({})} reset={reset} />, {
      route: '/reset-password/?t=tok',
      auth: { signIn },
    })
    await user.type(await screen.findByLabelText(/^New Password/, { selector: 'input' }), PASSWORD)
    await user.type(passwordInput(/^Confirm Password/), PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'))
    expect(reset).toHaveBeenCalledWith({ password: PASSWORD, confirmPassword: PASSWORD, resetToken: 'tok' })
    expect(signIn).toHaveBeenCalledWith(TOKENS)
  })

  it("says 'Account does not exist.' when the reset fails", async () => {
    const user = userEvent.setup()
    renderWithProviders(
      <ResetPasswordFlow
        validate={vi.fn().mockResolvedValue({})}
        reset={vi.fn().mockRejectedValue(new Error('x'))}
      />,
      { route: '/reset-password/?t=tok' },
    )
    await user.type(await screen.findByLabelText(/^New Password/, { selector: 'input' }), PASSWORD)
    await user.type(passwordInput(/^Confirm Password/), PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await waitFor(() => expect(screen.getByText(MESSAGES.resetPasswordFailed)).toBeTruthy())
  })
})

describe('Update Profile', () => {
  const regular: ProfileSettings = {
    id: '2',
    memberType: 1,
    firstName: 'Reg',
    lastName: 'Ular',
    email: 'reg@example.com',
    mobile: '0412345678',
  }
  const company: ProfileSettings = {
    ...regular,
    memberType: 2,
    companyName: 'Cones Pty Ltd',
    abn: '51824753556',
    employmentServiceProvider: false,
    fullAddress: '5 Fitzgerald Rd, LAVERTON VIC 3028',
    unitNumber: '',
    streetNumber: '5',
    streetName: 'Fitzgerald Rd',
    city: 'LAVERTON',
    state: 'VIC',
    postcode: '3028',
  }

  it('shows name, email and mobile only for a regular member', () => {
    renderWithProviders(<ProfileForm settings={regular} save={vi.fn()} />)
    expect(textbox(/^First Name/).value).toBe('Reg')
    expect(textbox(/^Mobile/).value).toBe('0412 345 678')
    expect(screen.queryByRole('textbox', { name: /^Company Name/ })).toBeNull()
    expect(screen.queryByRole('group', { name: /^Address/ })).toBeNull()
  })

  it('shows the company fields, the ABN mask and the address block (manual, it has data) for type 2', async () => {
    const user = userEvent.setup()
    const save = vi.fn().mockImplementation(async (values) => ({ ...company, ...values }))
    renderWithProviders(<ProfileForm settings={company} save={save} />)
    expect(textbox(/^ABN/).value).toBe('51 824 753 556')
    expect(screen.getByRole('checkbox', { name: 'Employment Service Provider' })).toBeTruthy()
    expect(textbox(/^Street Name/).value).toBe('Fitzgerald Rd')

    // happy-dom only: its form reset leaves a select on its first option (a real browser keeps VIC).
    await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'VIC')
    await user.clear(textbox(/^Company Name/))
    await user.type(textbox(/^Company Name/), 'Signs Pty Ltd')
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))
    await waitFor(() => expect(screen.getByText(MESSAGES.profileUpdated)).toBeTruthy())
    expect(save.mock.calls[0]?.[0]).toMatchObject({
      memberType: 2,
      companyName: 'Signs Pty Ltd',
      abn: '51 824 753 556',
      streetNumber: '5',
      state: 'VIC',
      postcode: '3028',
    })
  })

  it("says 'Unable to update your profile.' on a failure", async () => {
    const user = userEvent.setup()
    renderWithProviders(<ProfileForm settings={regular} save={vi.fn().mockRejectedValue(new Error('x'))} />)
    await user.click(screen.getByRole('button', { name: 'Update Profile' }))
    await waitFor(() => expect(screen.getByText(MESSAGES.profileUpdateFailed)).toBeTruthy())
  })
})
