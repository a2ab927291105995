// @vitest-environment happy-dom
import type { UserDetail } from '@signalway/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { CreateUserEditor, UpdateUserEditor } from './user-editor.tsx'
import { NEW_EMAIL_UNCONFIRMED, toUpdateFormValues } from './user-form.tsx'

const api = vi.hoisted(() => ({
  createUser: vi.fn(),
  inviteUser: vi.fn(),
  getUser: vi.fn(),
  updateUser: vi.fn(),
}))
vi.mock('../api/create-user.ts', () => ({ createUser: api.createUser }))
vi.mock('../api/invite-user.ts', () => ({ inviteUser: api.inviteUser }))
vi.mock('../api/get-user.ts', () => ({ getUser: api.getUser }))
vi.mock('../api/update-user.ts', () => ({ updateUser: api.updateUser }))
vi.mock('../api/driver.ts', () => ({
  getUserDriver: vi.fn(async () => ({ driver: null })),
  setUserDriver: vi.fn(),
  removeUserDriver: vi.fn(),
  listDriverDepots: vi.fn(async () => []),
}))

const SAM: UserDetail = {
  id: '42',
  firstName: 'Sam',
  lastName: 'Lee',
  email: 'sam.lee@example.com',
  mobile: '0498765432',
  userType: 2,
  registationDate: '2026-01-02T03:04:05.000Z',
  isActive: true,
}

const signedIn = { status: 'signedIn' as const, profile: adminProfile }

afterEach(() => {
  vi.clearAllMocks()
})

function renderCreate(route = '/admin/create-user/') {
  return renderWithProviders(<CreateUserEditor />, { route, auth: signedIn })
}

async function fillCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First Name/), 'Casey')
  await user.type(screen.getByLabelText(/Last Name/), 'Nguyen')
  await user.type(screen.getByLabelText(/^Email/), 'casey@example.com')
  await user.type(screen.getByLabelText(/Mobile/), '0412345678')
  await user.selectOptions(screen.getByLabelText(/Member Type/), '3')
  await user.type(screen.getByLabelText(/^Password/), 'Hire-2026-Signs')
  await user.type(screen.getByLabelText(/Confirm Password/), 'Hire-2026-Signs')
}

describe('user form, create mode (no id in the route)', () => {
  it('has the user fields and the password fields, with the messages of requirements §5', async () => {
    const user = userEvent.setup()
    renderCreate()
    const form = screen.getByRole('form', { name: 'Create a User' })
    for (const label of [
      /First Name/,
      /Last Name/,
      /^Email/,
      /Mobile/,
      /Member Type/,
      /^Password/,
      /Confirm Password/,
    ]) {
      expect(within(form).getByLabelText(label)).toBeTruthy()
    }
    await user.type(screen.getByLabelText(/First Name/), 'C')
    await user.type(screen.getByLabelText(/^Password/), 'abc')
    await user.type(screen.getByLabelText(/Confirm Password/), 'abd')
    await user.click(screen.getByRole('button', { name: 'Create User' }))
    expect(await screen.findByText('First name must have at least 2 characters.')).toBeTruthy()
    expect(screen.getByText('Last name is required.')).toBeTruthy()
    expect(screen.getByText('Email is required.')).toBeTruthy()
    expect(screen.getByText('Mobile is required.')).toBeTruthy()
    expect(screen.getByText('Member type is required.')).toBeTruthy()
    expect(screen.getByText('Password must have at least 8 characters.')).toBeTruthy()
    expect(screen.getByText('Passwords must match')).toBeTruthy()
    expect(api.createUser).not.toHaveBeenCalled()
  })

  it('sends the create payload (mobile without spaces, memberType a number) and goes back to the list as it was', async () => {
    const user = userEvent.setup()
    api.createUser.mockResolvedValue({ ...SAM, id: '43' })
    renderWithProviders(<CreateUserEditor />, {
      route: '/admin/create-user/',
      auth: signedIn,
    })
    await fillCreate(user)
    expect((screen.getByLabelText(/Mobile/) as HTMLInputElement).value).toBe('0412 345 678')
    await user.click(screen.getByRole('button', { name: 'Create User' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/manage-users/'))
    expect(api.createUser).toHaveBeenCalledWith({
      firstName: 'Casey',
      lastName: 'Nguyen',
      email: 'casey@example.com',
      mobile: '0412345678',
      memberType: 3,
      password: 'Hire-2026-Signs',
      confirmPassword: 'Hire-2026-Signs',
    })
  })

  it("says 'Unable to register the user.' on failure, with the server's field messages", async () => {
    const user = userEvent.setup()
    api.createUser.mockRejectedValue(
      new ApiError({
        status: 409,
        message: 'Oops, something went wrong.',
        body: { Message: 'An account with this email address already exists.' },
      }),
    )
    renderCreate()
    await fillCreate(user)
    await user.click(screen.getByRole('button', { name: 'Create User' }))
    expect(await screen.findByText('Unable to register the user.')).toBeTruthy()
    expect(screen.getByText('An account with this email address already exists.')).toBeTruthy()
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('location').textContent).toBe('/admin/create-user/')
  })
})

describe('user form, create mode with an invitation (ADR 035)', () => {
  async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText(/First Name/), 'Casey')
    await user.type(screen.getByLabelText(/Last Name/), 'Nguyen')
    await user.type(screen.getByLabelText(/^Email/), 'casey@example.com')
    await user.type(screen.getByLabelText(/Mobile/), '0412345678')
    await user.selectOptions(screen.getByLabelText(/Member Type/), '2')
  }

  it("offers the choice, keeps the requirements' password fields for the other one, and sends no password", async () => {
    const user = userEvent.setup()
    api.inviteUser.mockResolvedValue({ ...SAM, id: '44', email: 'casey@example.com' })
    renderCreate()
    expect((screen.getByLabelText('Choose a password now') as HTMLInputElement).checked).toBe(true)
    await fillPerson(user)
    await user.click(screen.getByLabelText('Send them a link to set their own password'))
    expect(screen.queryByLabelText(/^Password/)).toBeNull()
    expect(screen.queryByLabelText(/Confirm Password/)).toBeNull()
    expect(screen.getByText(/works once, for 72 hours/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create User and Send Invitation' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/manage-users/'))
    expect(api.inviteUser).toHaveBeenCalledWith({
      firstName: 'Casey',
      lastName: 'Nguyen',
      email: 'casey@example.com',
      mobile: '0412345678',
      memberType: 2,
    })
    expect(api.createUser).not.toHaveBeenCalled()
    expect(
      await screen.findByText(
        'The user has been created, and an invitation to set their password sent to casey@example.com.',
      ),
    ).toBeTruthy()
  })

  it("says why the server refused (an address's daily limit) and stays", async () => {
    const user = userEvent.setup()
    const limit =
      'This address has been sent as many invitations as it may be sent today. Please try again tomorrow.'
    api.inviteUser.mockRejectedValue(new ApiError({ status: 429, message: limit, body: { Message: limit } }))
    renderCreate()
    await fillPerson(user)
    await user.click(screen.getByLabelText('Send them a link to set their own password'))
    await user.click(screen.getByRole('button', { name: 'Create User and Send Invitation' }))
    expect(await screen.findByText('Unable to register the user.')).toBeTruthy()
    expect(screen.getAllByText(limit).length).toBeGreaterThan(0)
    expect(screen.getByTestId('location').textContent).toBe('/admin/create-user/')
  })
})

describe('user form, update mode (an id in the route)', () => {
  it('loads the details into the form, without the password fields', async () => {
    api.getUser.mockResolvedValue(SAM)
    renderWithProviders(<UpdateUserEditor id="42" />, { route: '/admin/update-user/42', auth: signedIn })
    const form = await screen.findByRole('form', { name: 'Update User' })
    expect(api.getUser).toHaveBeenCalledWith('42')
    expect((within(form).getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Sam')
    expect((within(form).getByLabelText(/Mobile/) as HTMLInputElement).value).toBe('0498 765 432')
    expect(within(form).getByLabelText(/Member Type/)).toBeTruthy()
    // userType becomes the form's memberType. (happy-dom does not show a select's initial value
    // set by react-hook-form; the browser does: e2e/tests/admin-users.spec.ts edits a user without
    // touching it.)
    expect(toUpdateFormValues(SAM)).toEqual({
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam.lee@example.com',
      mobile: '0498 765 432',
      memberType: '2',
    })
    expect(within(form).queryByLabelText(/Password/)).toBeNull()
  })

  it("stays on the page after an update and says 'The user details have been updated.'", async () => {
    const user = userEvent.setup()
    api.getUser.mockResolvedValue(SAM)
    api.updateUser.mockImplementation(async (values) => ({ ...SAM, ...values, userType: values.memberType }))
    renderWithProviders(<UpdateUserEditor id="42" />, { route: '/admin/update-user/42', auth: signedIn })
    const first = await screen.findByLabelText(/First Name/)
    await user.clear(first)
    await user.type(first, 'Samantha')
    await user.selectOptions(screen.getByLabelText(/Member Type/), '1')
    await user.click(screen.getByRole('button', { name: 'Update User' }))
    expect(await screen.findByText('The user details have been updated.')).toBeTruthy()
    expect(api.updateUser).toHaveBeenCalledWith({
      id: '42',
      firstName: 'Samantha',
      lastName: 'Lee',
      email: 'sam.lee@example.com',
      mobile: '0498765432',
      memberType: 1,
    })
    expect(screen.getByTestId('location').textContent).toBe('/admin/update-user/42')
  })

  it('says that a new email address stays unconfirmed until its owner confirms it; not for a change of case', async () => {
    const user = userEvent.setup()
    api.getUser.mockResolvedValue(SAM)
    api.updateUser.mockImplementation(async (values) => ({ ...SAM, ...values, userType: values.memberType }))
    renderWithProviders(<UpdateUserEditor id="42" />, { route: '/admin/update-user/42', auth: signedIn })
    const email = await screen.findByLabelText(/^Email/)
    expect(screen.queryByText(NEW_EMAIL_UNCONFIRMED)).toBeNull()
    await user.clear(email)
    await user.type(email, 'Sam.Lee@Example.com')
    expect(screen.queryByText(NEW_EMAIL_UNCONFIRMED)).toBeNull()
    await user.clear(email)
    await user.type(email, 'sam@leetraffic.example')
    expect(
      screen.getByText(
        'The new email address stays unconfirmed until its owner confirms it from their account, and any change of email they started ends.',
      ),
    ).toBeTruthy()
    // Saved: the stored address is the new one, so the note goes.
    await user.selectOptions(screen.getByLabelText(/Member Type/), '2')
    await user.click(screen.getByRole('button', { name: 'Update User' }))
    expect(await screen.findByText('The user details have been updated.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText(NEW_EMAIL_UNCONFIRMED)).toBeNull())
  })

  it("says 'Unable to update the user details.' when the update fails", async () => {
    const user = userEvent.setup()
    api.getUser.mockResolvedValue(SAM)
    api.updateUser.mockRejectedValue(new ApiError({ status: 500, message: 'An unexpected error occurred.' }))
    renderWithProviders(<UpdateUserEditor id="42" />, { route: '/admin/update-user/42', auth: signedIn })
    await user.selectOptions(await screen.findByLabelText(/Member Type/), '2')
    await user.click(await screen.findByRole('button', { name: 'Update User' }))
    expect(await screen.findByText('Unable to update the user details.')).toBeTruthy()
  })

  it("says 'Unable to get the user details.' when they cannot be loaded", async () => {
    api.getUser.mockRejectedValue(new ApiError({ status: 404, message: 'User not found.' }))
    renderWithProviders(<UpdateUserEditor id="999" />, { route: '/admin/update-user/999', auth: signedIn })
    expect(await screen.findAllByText('Unable to get the user details.')).toHaveLength(2)
    expect(screen.queryByRole('form')).toBeNull()
  })
})
