// @vitest-environment happy-dom
import { PAGE_MESSAGES, type PageAdminItem } from '@signalway/shared/publishing'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { PageEditor, type PageEditorApi } from './page-editor.tsx'

const privacy: PageAdminItem = {
  name: 'privacy-policy',
  title: 'Privacy Policy',
  description: 'How we handle personal information.',
  content: '## 1. Who we are\n\nSignalway.',
  version: 0,
  updatedAt: null,
  builtIn: true,
}

function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function renderEditor(name: string | null, overrides: Partial<PageEditorApi> = {}) {
  const api: PageEditorApi = {
    get: vi.fn(async () => privacy),
    create: vi.fn(),
    save: vi.fn(),
    preview: vi.fn(async () => '<h2>1. Who we are</h2>'),
    ...overrides,
  }
  renderWithProviders(<PageEditor name={name} api={api} />, {
    route: name === null ? '/admin/pages/new' : `/admin/pages/edit/${name}`,
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

describe('the page editor', () => {
  it('starts a built-in page from the shipped text and saves it from version 0', async () => {
    const user = userEvent.setup()
    const save = vi.fn(async () => ({ ...privacy, version: 1, updatedAt: '2026-11-26T00:00:00.000Z' }))
    renderEditor('privacy-policy', { save })
    const text = await screen.findByLabelText(/^Text/)
    expect((text as HTMLTextAreaElement).value).toBe(privacy.content)
    expect(screen.getByText(/Until it is saved here/)).toBeTruthy()
    await user.type(text, '\n\nMore.')
    await user.click(screen.getByRole('button', { name: 'Save Page' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(
      'privacy-policy',
      expect.objectContaining({ content: `${privacy.content}\n\nMore.`, version: 0 }),
    )
    expect(await screen.findByText(PAGE_MESSAGES.saved)).toBeTruthy()
  })

  it('keeps what was typed when someone else saved first, and says so', async () => {
    const user = userEvent.setup()
    const conflict = new ApiError({ status: 409, message: PAGE_MESSAGES.conflict })
    renderEditor('privacy-policy', { save: vi.fn(() => later<PageAdminItem>(conflict)) })
    const title = await screen.findByLabelText(/^Title/)
    await user.clear(title)
    await user.type(title, 'Our Privacy Policy')
    await user.click(screen.getByRole('button', { name: 'Save Page' }))
    expect(await screen.findByRole('button', { name: 'Reload the Page' })).toBeTruthy()
    expect((title as HTMLInputElement).value).toBe('Our Privacy Policy')
  })

  it('creates a page: an address the site uses is refused on the field, and what was typed stays', async () => {
    const user = userEvent.setup()
    renderEditor(null)
    await user.type(await screen.findByLabelText(/^Address/), 'news/extra')
    await user.type(screen.getByLabelText(/^Title/), 'Extra')
    await user.type(screen.getByLabelText(/^Description/), 'More.')
    await user.click(screen.getByRole('button', { name: 'Save Page' }))
    expect(await screen.findByText(PAGE_MESSAGES.nameReserved)).toBeTruthy()
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Extra')
  })
})
