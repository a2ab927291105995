// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { CreditApplicationsList } from './credit-applications-list.tsx'

const api = vi.hoisted(() => ({ list: vi.fn() }))
vi.mock('../api/list-credit-applications.ts', () => ({
  CREDIT_APPLICATIONS_PAGE_SIZE: 20,
  listCreditApplications: api.list,
}))

describe('credit applications list filter (ADR 035: the admin lists share one filter pattern)', () => {
  it('is the shared filter panel: search, status and assignee in one form, then Search and Clear', async () => {
    const user = userEvent.setup()
    api.list.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 })
    renderWithProviders(<CreditApplicationsList />, {
      route: '/admin/credit-applications/?status=approved',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    const form = screen.getByRole('form', { name: 'Filter credit applications' })
    expect(screen.getByRole('search', { name: 'Filter' }).contains(form)).toBe(true)
    expect(form.classList.contains('filter-panel__form')).toBe(true)
    for (const label of [/Search by business name/, /^Status/, /^Assigned to/])
      expect(within(form).getByLabelText(label)).toBeTruthy()
    await user.type(within(form).getByLabelText(/Search by business name/), 'Westgate')
    await user.click(within(form).getByRole('button', { name: 'Search' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/credit-applications/?search=Westgate&status=approved',
      ),
    )
    await user.click(within(form).getByRole('button', { name: 'Clear' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/credit-applications/'),
    )
  })
})
