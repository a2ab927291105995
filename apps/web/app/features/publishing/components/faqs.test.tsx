// @vitest-environment happy-dom
import { FAQ_MESSAGES, type FaqAdminItem } from '@signalway/shared/faqs'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { FaqEditor, type FaqEditorApi } from './faq-editor.tsx'
import { FaqsList, type FaqsListApi } from './faqs-list.tsx'

const faq = (id: number, question: string, category: FaqAdminItem['category']): FaqAdminItem => ({
  id,
  slug: `q-${id}`,
  category,
  question,
  answer: `Answer ${id}.`,
  version: 1,
  updatedAt: null,
})

const LIST = [
  faq(1, 'How do I hire equipment?', 'Hiring and bookings'),
  faq(2, 'Is there a minimum hire period?', 'Hiring and bookings'),
  faq(3, 'How much notice do you need?', 'Hiring and bookings'),
  faq(4, 'Do you deliver?', 'Delivery and collection'),
]

function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

const auth = { status: 'signedIn', profile: adminProfile } as const

function renderList(overrides: Partial<FaqsListApi> = {}) {
  const api: FaqsListApi = { list: vi.fn(async () => LIST), move: vi.fn(), ...overrides }
  renderWithProviders(<FaqsList api={api} />, { route: '/admin/faqs/', auth })
  return api
}

function renderEditor(id: number | null, overrides: Partial<FaqEditorApi> = {}) {
  const api: FaqEditorApi = {
    get: vi.fn(async () => LIST[0] as FaqAdminItem),
    save: vi.fn(),
    remove: vi.fn(),
    preview: vi.fn(async () => '<p><strong>Yes</strong></p>'),
    ...overrides,
  }
  renderWithProviders(<FaqEditor id={id} api={api} />, {
    route: id === null ? '/admin/faqs/new' : `/admin/faqs/${id}`,
    auth,
  })
  return api
}

const questionsIn = (category: string) =>
  within(screen.getByRole('region', { name: category }))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]?.textContent)

describe('the FAQ list', () => {
  it('shows the questions by category in their order; a move is saved, said, and keeps focus on its button', async () => {
    const user = userEvent.setup()
    const reordered = [LIST[1], LIST[0], LIST[2], LIST[3]] as FaqAdminItem[]
    const api = renderList({ move: vi.fn(async () => reordered) })
    expect(await screen.findByRole('heading', { name: 'Hiring and bookings' })).toBeTruthy()
    expect(questionsIn('Hiring and bookings')).toEqual([
      'How do I hire equipment?',
      'Is there a minimum hire period?',
      'How much notice do you need?',
    ])
    const up = screen.getByRole('button', { name: 'Move up: Is there a minimum hire period?' })
    await user.click(up)
    expect(api.move).toHaveBeenCalledWith(2, 'up')
    await waitFor(() => expect(questionsIn('Hiring and bookings')[0]).toBe('Is there a minimum hire period?'))
    expect(
      screen.getByText('“Is there a minimum hire period?” is now 1 of 3 in Hiring and bookings.'),
    ).toBeTruthy()
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move up: Is there a minimum hire period?' }),
    )
  })

  it('the first cannot go up nor the last down; a failed move says so and changes nothing', async () => {
    const user = userEvent.setup()
    const api = renderList({ move: vi.fn(() => later<FaqAdminItem[]>(new Error('offline'))) })
    const first = await screen.findByRole('button', { name: 'Move up: How do I hire equipment?' })
    expect(first.getAttribute('aria-disabled')).toBe('true')
    await user.click(first)
    await user.click(screen.getByRole('button', { name: 'Move down: How much notice do you need?' }))
    expect(api.move).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Move down: How do I hire equipment?' }))
    expect(await screen.findByText(FAQ_MESSAGES.moveFailed)).toBeTruthy()
    expect(questionsIn('Hiring and bookings')[0]).toBe('How do I hire equipment?')
  })
})

describe('the FAQ editor', () => {
  it('adds a question: the category must be chosen, and what was typed stays on a failed save', async () => {
    const user = userEvent.setup()
    const save = vi.fn(() => later<FaqAdminItem>(new TypeError('Failed to fetch')))
    renderEditor(null, { save })
    await user.type(await screen.findByLabelText(/^Question/), 'Do you hire on weekends?')
    await user.type(screen.getByLabelText(/^Answer/), 'Yes, **every** day.')
    await user.click(screen.getByRole('button', { name: 'Save Question' }))
    expect(await screen.findByText(FAQ_MESSAGES.categoryRequired)).toBeTruthy()
    expect(save).not.toHaveBeenCalled()

    await user.selectOptions(screen.getByLabelText(/^Category/), 'Hiring and bookings')
    await user.click(screen.getByRole('button', { name: 'Save Question' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(null, {
      question: 'Do you hire on weekends?',
      answer: 'Yes, **every** day.',
      category: 'Hiring and bookings',
    })
    expect(await screen.findByText(FAQ_MESSAGES.saveFailed)).toBeTruthy()
    expect((screen.getByLabelText(/^Question/) as HTMLInputElement).value).toBe('Do you hire on weekends?')
    expect((screen.getByLabelText(/^Answer/) as HTMLTextAreaElement).value).toBe('Yes, **every** day.')
  })

  it('saves from the version it loaded; a conflict keeps the typing and offers the saved copy', async () => {
    const user = userEvent.setup()
    const conflict = new ApiError({ status: 409, message: FAQ_MESSAGES.conflict })
    const save = vi.fn(() => later<FaqAdminItem>(conflict))
    renderEditor(1, { save })
    const question = await screen.findByLabelText(/^Question/)
    // happy-dom does not take react-hook-form's default into a <select> (Chromium does: publishing.spec.ts).
    await user.selectOptions(screen.getByLabelText(/^Category/), 'Hiring and bookings')
    await user.clear(question)
    await user.type(question, 'How do I hire?')
    await user.click(screen.getByRole('button', { name: 'Save Question' }))
    expect(await screen.findByRole('button', { name: 'Reload the Question' })).toBeTruthy()
    expect(save).toHaveBeenCalledWith(1, expect.objectContaining({ question: 'How do I hire?', version: 1 }))
    expect((question as HTMLInputElement).value).toBe('How do I hire?')
  })

  it('deletes only after the confirmation, with the version it loaded', async () => {
    const user = userEvent.setup()
    const remove = vi.fn(async () => undefined)
    renderEditor(1, { remove })
    await user.click(await screen.findByRole('button', { name: 'Delete the Question' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the Question' })
    expect(dialog.textContent).toContain('“How do I hire equipment?” will no longer show on the FAQ page.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(remove).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Delete the Question' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(remove).toHaveBeenCalledWith(1, 1))
    expect(await screen.findByText(FAQ_MESSAGES.deleted)).toBeTruthy()
  })
})
