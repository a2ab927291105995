// @vitest-environment happy-dom
import { businessDay, formatIsoDay, minusYears, type UserRow } from '@signalway/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { ManageUsers } from './manage-users.tsx'

const api = vi.hoisted(() => ({ filterUsers: vi.fn(), archiveUser: vi.fn() }))
vi.mock('../api/filter-users.ts', () => ({ filterUsers: api.filterUsers }))
vi.mock('../api/archive-user.ts', () => ({ archiveUser: api.archiveUser }))

function row(id: number, firstName: string, lastName: string): UserRow {
  return {
    id: String(id),
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.com`,
    mobile: '0412345678',
    userType: 1,
    // 14:05 in Melbourne (AEDT) on 21 November 2025.
    registationDate: '2025-11-21T03:05:00.000Z',
    isActive: true,
  }
}

const JANE = row(1, 'Jane', 'Citizen')
const BOB = row(2, 'Bob', 'Jane')

beforeEach(() => {
  api.filterUsers.mockResolvedValue({ items: [JANE, BOB], total: 2, page: 1, pageSize: 10 })
})

afterEach(() => {
  vi.clearAllMocks()
})

function renderList(route = '/admin/manage-users/') {
  return renderWithProviders(<ManageUsers />, { route, auth: { status: 'signedIn', profile: adminProfile } })
}

const lastRequest = () => api.filterUsers.mock.calls.at(-1)?.[0]

describe('Manage Users', () => {
  it('loads types 1, 2 and 3 for the last year, a page of 10, newest first; shows the rows', async () => {
    renderList()
    const table = await screen.findByRole('table', { name: 'Users' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    // The business's (Melbourne) days, whatever the machine's zone: from 13:00 UTC it is tomorrow there.
    const today = businessDay(new Date())
    expect(lastRequest()).toMatchObject({
      userTypes: [1, 2, 3],
      startDate: `${formatIsoDay(minusYears(today, 1))} 00:00:00`,
      endDate: `${formatIsoDay(today)} 23:59:59`,
      page: 1,
      pageSize: 10,
      search: '',
      sort: 'registationDate',
      sortDirection: 'desc',
    })
    const jane = within(table).getAllByRole('row')[1] as HTMLElement
    expect(within(jane).getByText('0412 345 678')).toBeTruthy()
    expect(within(jane).getByText('21/11/2025 14:05')).toBeTruthy()
    expect(within(jane).getByText('Regular')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create a User' }).getAttribute('href')).toBe(
      '/admin/create-user/',
    )
  })

  it("shows 'No users.' when nothing matches", async () => {
    api.filterUsers.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 10 })
    renderList()
    expect(await screen.findByRole('cell', { name: 'No users.' })).toBeTruthy()
  })

  it('says how many match outside the dates, and widens them in one click, keeping types and search (ADR 035)', async () => {
    const user = userEvent.setup()
    api.filterUsers.mockResolvedValue({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
      // 2 March 2019 and 8 July 2020 in Melbourne.
      outside: {
        total: 2,
        firstRegistered: '2019-03-01T14:30:00.000Z',
        lastRegistered: '2020-07-08T01:00:00.000Z',
      },
    })
    renderList('/admin/manage-users/?q=zelda&types=3&from=2025-01-01&to=2025-12-31')
    const note = await screen.findByText(/2 users match outside these dates/)
    expect(note.textContent).toBe(
      'Nobody matches between 01/01/2025 and 31/12/2025. 2 users match outside these dates (registered 02/03/2019 to 08/07/2020).',
    )
    // the requirements' empty text stays.
    expect(screen.getByRole('cell', { name: 'No users.' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Widen the dates to 02/03/2019 – 31/12/2025' }))
    await waitFor(() =>
      expect(lastRequest()).toMatchObject({
        userTypes: [3],
        search: 'zelda',
        startDate: '2019-03-02 00:00:00',
        endDate: '2025-12-31 23:59:59',
        page: 1,
      }),
    )
    expect(screen.getByTestId('location').textContent).toBe(
      '/admin/manage-users/?q=zelda&types=3&from=2019-03-02&to=2025-12-31',
    )
    expect((screen.getByLabelText(/Start Date/) as HTMLInputElement).value).toBe('02/03/2019')
  })

  it('keeps the search text, page and page size from the URL and sends them', async () => {
    const user = userEvent.setup()
    api.filterUsers.mockResolvedValue({ items: [JANE], total: 45, page: 2, pageSize: 20 })
    renderList('/admin/manage-users/?q=jane&page=2&size=20')
    await screen.findByText('Showing 21–40 of 45')
    expect(lastRequest()).toMatchObject({ search: 'jane', page: 2, pageSize: 20 })
    expect((screen.getByLabelText('Search users') as HTMLInputElement).value).toBe('jane')
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(lastRequest()).toMatchObject({ search: 'jane', page: 3, pageSize: 20 }))
    expect(screen.getByTestId('location').textContent).toBe('/admin/manage-users/?q=jane&page=3&size=20')
  })

  it('applies a filter from page 1, keeping the search', async () => {
    const user = userEvent.setup()
    renderList('/admin/manage-users/?q=jane&page=2')
    await screen.findByRole('table', { name: 'Users' })
    await user.click(screen.getByLabelText('Regular'))
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(lastRequest()).toMatchObject({ userTypes: [3], search: 'jane', page: 1 }))
    expect(screen.getByTestId('location').textContent).toMatch(
      /^\/admin\/manage-users\/\?q=jane&types=3&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    )
  })

  it('deletes a user after the Delete User dialog: the row leaves the list', async () => {
    const user = userEvent.setup()
    api.archiveUser.mockResolvedValue(undefined)
    renderList()
    await user.click(await screen.findByRole('button', { name: 'Delete Bob Jane' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete User' })
    expect(dialog.textContent).toContain('Are you sure you want to delete Bob Jane? This cannot be undone.')
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    api.filterUsers.mockResolvedValue({ items: [JANE], total: 1, page: 1, pageSize: 10 })
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('The user has been successfully deleted.')).toBeTruthy()
    expect(api.archiveUser).toHaveBeenCalledWith('2')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Bob Jane' })).toBeNull())
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("Cancel keeps the user; a failed delete says 'Unable to delete the user.'", async () => {
    const user = userEvent.setup()
    api.archiveUser.mockRejectedValue(
      new ApiError({ status: 409, message: 'You cannot delete your own account.' }),
    )
    renderList()
    await user.click(await screen.findByRole('button', { name: 'Delete Jane Citizen' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(api.archiveUser).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Delete Jane Citizen' }))
    await user.click(screen.getByRole('button', { name: 'Yes' }))
    expect(await screen.findByText('Unable to delete the user.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Delete Jane Citizen' })).toBeTruthy()
  })

  it("a failed load shows the server's Message on a 500, else 'Unable to load the users.'", async () => {
    api.filterUsers.mockRejectedValueOnce(new ApiError({ status: 500, message: 'The database is down.' }))
    const { unmount } = renderList()
    expect(await screen.findByText('The database is down.')).toBeTruthy()
    unmount()
    api.filterUsers.mockRejectedValueOnce(
      new ApiError({ status: 400, message: 'Oops, something went wrong.' }),
    )
    renderList()
    expect(await screen.findByText('Unable to load the users.')).toBeTruthy()
  })

  it('links each row to its edit page, keeping the list to come back to', async () => {
    const user = userEvent.setup()
    renderList('/admin/manage-users/?q=jane')
    await user.click(await screen.findByRole('button', { name: 'Edit Jane Citizen' }))
    expect(screen.getByTestId('location').textContent).toBe('/admin/update-user/1')
  })
})

describe('a 500 without a Message', () => {
  it("says the screen's own text, not the generic one", async () => {
    api.filterUsers.mockRejectedValueOnce(
      new ApiError({ status: 500, message: 'Oops, something went wrong.' }),
    )
    renderList()
    expect(await screen.findByText('Unable to load the users.')).toBeTruthy()
    expect(screen.queryByText('Oops, something went wrong.')).toBeNull()
  })
})
