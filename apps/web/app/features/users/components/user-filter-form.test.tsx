// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { filterRequest, readUserFilter } from '../list-query.ts'
import { UserFilterPanel } from './user-filter-form.tsx'

const NOW = new Date(2026, 5, 15, 10, 30)

function renderPanel(onApply = vi.fn()) {
  renderWithProviders(
    <UserFilterPanel value={readUserFilter(new URLSearchParams(), NOW)} onApply={onApply} />,
  )
  return { onApply, form: screen.getByRole('form', { name: 'Filter users' }) }
}

describe('user filter (requirements §5 Admin filter)', () => {
  it('offers User Types Regular and Admin only, all selected, from one year ago to today', () => {
    const { form } = renderPanel()
    // The admin lists' one filter pattern (ADR 035).
    expect(screen.getByRole('search', { name: 'Filter' }).contains(form)).toBe(true)
    expect(form.classList.contains('filter-panel__form')).toBe(true)
    const types = within(form).getByRole('group', { name: /User Types/ })
    expect(
      within(types)
        .getAllByRole('checkbox')
        .map((box) => box.nextSibling?.textContent),
    ).toEqual(['Select all', 'Regular', 'Admin'])
    expect(
      within(types)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true)
    expect((within(form).getByLabelText(/Start Date/) as HTMLInputElement).value).toBe('15/06/2025')
    expect((within(form).getByLabelText(/End Date/) as HTMLInputElement).value).toBe('15/06/2026')
  })

  it("says 'Start date is required.' and 'End date is required.' for empty dates", async () => {
    const user = userEvent.setup()
    const { form, onApply } = renderPanel()
    await user.clear(within(form).getByLabelText(/Start Date/))
    await user.clear(within(form).getByLabelText(/End Date/))
    await user.click(within(form).getByRole('button', { name: 'Filter' }))
    expect(await within(form).findByText('Start date is required.')).toBeTruthy()
    expect(within(form).getByText('End date is required.')).toBeTruthy()
    expect(
      screen.getByText('You have one or more fields missing, please correct these and submit again.'),
    ).toBeTruthy()
    expect(document.activeElement).toBe(within(form).getByLabelText(/Start Date/))
    expect(onApply).not.toHaveBeenCalled()
  })

  it("says 'Must be a date.' for a date that does not exist, on blur", async () => {
    const user = userEvent.setup()
    const { form } = renderPanel()
    const start = within(form).getByLabelText(/Start Date/)
    await user.clear(start)
    await user.type(start, '31022025')
    expect((start as HTMLInputElement).value).toBe('31/02/2025')
    await user.tab()
    expect(await within(form).findByText('Must be a date.')).toBeTruthy()
  })

  it("says 'At least 1 user type is required.' with no type selected", async () => {
    const user = userEvent.setup()
    const { form, onApply } = renderPanel()
    await user.click(within(form).getByLabelText('Select all'))
    await user.click(within(form).getByRole('button', { name: 'Filter' }))
    expect(await within(form).findByText('At least 1 user type is required.')).toBeTruthy()
    expect(onApply).not.toHaveBeenCalled()
  })

  it('applies the chosen types and days', async () => {
    const user = userEvent.setup()
    const { form, onApply } = renderPanel()
    await user.click(within(form).getByLabelText('Regular'))
    const start = within(form).getByLabelText(/Start Date/)
    await user.clear(start)
    await user.type(start, '01012026')
    fireEvent.blur(start)
    await user.click(within(form).getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(onApply).toHaveBeenCalled())
    const [values] = onApply.mock.calls[0] ?? []
    expect(values.userTypes).toEqual([3])
    expect(values.startDate).toEqual(new Date(2026, 0, 1))
    expect(values.endDate).toEqual(new Date(2026, 5, 15))
  })
})

describe('filter requests', () => {
  it('the default load sends types 1, 2 and 3 and the last year, start and end of day', () => {
    expect(filterRequest(readUserFilter(new URLSearchParams(), NOW))).toEqual({
      userTypes: [1, 2, 3],
      startDate: '2025-06-15 00:00:00',
      endDate: '2026-06-15 23:59:59',
    })
  })

  it('an applied filter sends its types and days', () => {
    expect(
      filterRequest(readUserFilter(new URLSearchParams('types=3&from=2026-01-01&to=2026-02-28'), NOW)),
    ).toEqual({
      userTypes: [3],
      startDate: '2026-01-01 00:00:00',
      endDate: '2026-02-28 23:59:59',
    })
  })
})
