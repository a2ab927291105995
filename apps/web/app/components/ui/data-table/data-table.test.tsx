// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useNavigate } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { DataTable, type DataTableColumn, IconButton } from './data-table.tsx'
import { useTableSearchParams } from './use-table-search-params.ts'

interface Person {
  id: string
  name: string
  town: string
}

const PEOPLE: Person[] = Array.from({ length: 25 }, (_, index) => ({
  id: String(index + 1),
  name: `Person ${String(index + 1).padStart(2, '0')}`,
  town: index % 2 === 0 ? 'Laverton' : 'Molendinar',
}))

const COLUMNS: DataTableColumn<Person>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name, value: (row) => row.name, sortable: true },
  { key: 'town', header: 'Town', cell: (row) => row.town, value: (row) => row.town },
]

function People({
  rows = PEOPLE,
  onDelete = () => {},
}: {
  rows?: Person[]
  onDelete?: (row: Person) => void
}) {
  const [state, setState] = useTableSearchParams({ pageSize: 10 })
  const navigate = useNavigate()
  return (
    <>
      <DataTable
        caption="People"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        state={state}
        onStateChange={setState}
        emptyText="No users."
        searchDelayMs={0}
        rowActions={(row) => (
          <>
            <IconButton icon="edit" label={`Edit ${row.name}`} onClick={() => {}} />
            <IconButton icon="delete" label={`Delete ${row.name}`} onClick={() => onDelete(row)} />
          </>
        )}
      />
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  )
}

/** A table with the default search pause. */
function Slow() {
  const [state, setState] = useTableSearchParams({ pageSize: 10 })
  return (
    <DataTable
      caption="People"
      columns={COLUMNS}
      rows={PEOPLE}
      rowKey={(row) => row.id}
      state={state}
      onStateChange={setState}
      emptyText="No users."
    />
  )
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1)
const location = () => screen.getByTestId('location').textContent

describe('DataTable', () => {
  it('pages with a page size, and keeps the page in the URL', async () => {
    const user = userEvent.setup()
    renderWithProviders(<People />, { route: '/people/' })
    expect(bodyRows()).toHaveLength(10)
    expect(screen.getByText('Showing 1–10 of 25')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(bodyRows().map((row) => row.textContent)).toEqual(
      [
        'Person 21Laverton',
        'Person 22Molendinar',
        'Person 23Laverton',
        'Person 24Molendinar',
        'Person 25Laverton',
      ].map((text) => expect.stringContaining(text)),
    )
    expect(location()).toBe('/people/?page=3')
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page')
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true)

    await user.selectOptions(screen.getByLabelText('Rows per page'), '20')
    expect(location()).toBe('/people/?size=20')
    expect(bodyRows()).toHaveLength(20)
  })

  it('keeps the search text, page and page size in the URL, through Back', async () => {
    const user = userEvent.setup()
    renderWithProviders(<People />, { route: '/people/?q=laverton&size=5&page=2' })
    const search = screen.getByLabelText('Search') as HTMLInputElement
    expect(search.value).toBe('laverton')
    expect(screen.getByText('Showing 6–10 of 13')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(location()).toBe('/people/?q=laverton&page=3&size=5')
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(location()).toBe('/people/?q=laverton&size=5&page=2'))

    // A new search starts from page 1 and replaces the history entry.
    await user.clear(search)
    await user.type(search, '"person 07"')
    await waitFor(() => expect(location()).toBe('/people/?q=%22person+07%22&size=5'))
    expect(bodyRows()).toHaveLength(1)
    await user.clear(search)
    await user.type(search, 'molendinar person 1')
    await waitFor(() => expect(bodyRows()).toHaveLength(5))
    expect(screen.getByText('Showing 1–5 of 5')).toBeTruthy()
  })

  it('shows the empty state, and the row actions with accessible names', async () => {
    const onDelete = vi.fn()
    const user = userEvent.setup()
    const { unmount } = renderWithProviders(<People onDelete={onDelete} />, { route: '/people/' })
    await user.click(screen.getByRole('button', { name: 'Delete Person 02' }))
    expect(onDelete).toHaveBeenCalledWith(PEOPLE[1])
    expect(screen.getByRole('button', { name: 'Edit Person 01' })).toBeTruthy()
    unmount()

    renderWithProviders(<People rows={[]} />, { route: '/people/' })
    expect(screen.getByRole('cell', { name: 'No users.' })).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
  })

  it('sorts by a sortable column, toggling the direction, and says so (aria-sort)', async () => {
    const user = userEvent.setup()
    renderWithProviders(<People />, { route: '/people/' })
    const header = screen.getByRole('columnheader', { name: 'Name' })
    await user.click(within(header).getByRole('button'))
    expect(header.getAttribute('aria-sort')).toBe('ascending')
    await user.click(within(header).getByRole('button'))
    expect(header.getAttribute('aria-sort')).toBe('descending')
    expect(location()).toBe('/people/?sort=name&dir=desc')
    expect(bodyRows()[0]?.textContent).toContain('Person 25')
    expect(screen.getByRole('columnheader', { name: 'Town' }).getAttribute('aria-sort')).toBeNull()

    // Narrow screens hide the headers and sort with a select instead.
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name:asc')
    expect(location()).toBe('/people/?sort=name&dir=asc')
    expect(bodyRows()[0]?.textContent).toContain('Person 01')
  })

  it('applies a typed search after a pause, or at once on Enter', async () => {
    vi.useFakeTimers()
    try {
      renderWithProviders(<Slow />, { route: '/people/' })
      const search = screen.getByLabelText('Search')
      fireEvent.change(search, { target: { value: 'person 0' } })
      expect(location()).toBe('/people/')
      await act(async () => {
        vi.advanceTimersByTime(300)
      })
      expect(location()).toBe('/people/?q=person+0')
      fireEvent.change(search, { target: { value: 'person 1' } })
      fireEvent.keyDown(search, { key: 'Enter' })
      expect(location()).toBe('/people/?q=person+1')
    } finally {
      vi.useRealTimers()
    }
  })
})
