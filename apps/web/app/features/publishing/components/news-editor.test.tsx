// @vitest-environment happy-dom
import { type NewsAdminItem, PUBLISHING_MESSAGES } from '@signalway/shared/publishing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { NewsEditor, type NewsEditorApi } from './news-editor.tsx'

const item: NewsAdminItem = {
  id: 7,
  title: 'Solar VMS fleet upgrade completed',
  slug: 'solar-vms-fleet-upgrade',
  date: '2025-11-03',
  summary: 'Every VMS board now runs on solar.',
  body: '## Monitoring\n\nRemote checks.',
  image: '/images/news/solar-vms-fleet-upgrade.svg',
  imageAlt: 'A row of VMS boards',
  status: 'published',
  version: 3,
  updatedAt: '2026-11-20T01:00:00.000Z',
}

/** Rejects after a macrotask, as a failed request does. */
function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function renderEditor(id: number | null, overrides: Partial<NewsEditorApi> = {}) {
  const api: NewsEditorApi = {
    get: vi.fn(async () => item),
    save: vi.fn(),
    upload: vi.fn(),
    preview: vi.fn(async () => '<h2>Monitoring</h2>'),
    ...overrides,
  }
  renderWithProviders(<NewsEditor id={id} api={api} />, {
    route: id === null ? '/admin/news/new' : `/admin/news/${id}`,
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

describe('the news editor', () => {
  it('saves with the version it was loaded at and shows the saved item', async () => {
    const user = userEvent.setup()
    const save = vi.fn(async () => ({ ...item, title: 'Solar VMS upgrade', version: 4 }))
    renderEditor(7, { save })
    const title = await screen.findByLabelText(/^Title/)
    await user.clear(title)
    await user.type(title, 'Solar VMS upgrade')
    await user.click(screen.getByRole('button', { name: 'Save News Item' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(7, expect.objectContaining({ title: 'Solar VMS upgrade', version: 3 }))
    expect(await screen.findByText(PUBLISHING_MESSAGES.saved)).toBeTruthy()
  })

  it('keeps everything typed when the server refuses a field, and shows its message there', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({
      status: 400,
      message: PUBLISHING_MESSAGES.slugTaken,
      modelState: { slug: [PUBLISHING_MESSAGES.slugTaken] },
    })
    const save = vi.fn(() => later<NewsAdminItem>(refused))
    renderEditor(7, { save })
    const summary = await screen.findByLabelText(/^Summary/)
    await user.clear(summary)
    await user.type(summary, 'Typed and not lost.')
    const slug = screen.getByLabelText(/^Slug/)
    await user.clear(slug)
    await user.type(slug, 'taken-slug')
    await user.click(screen.getByRole('button', { name: 'Save News Item' }))
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText(PUBLISHING_MESSAGES.slugTaken).length).toBeGreaterThan(0)
    expect((summary as HTMLTextAreaElement).value).toBe('Typed and not lost.')
    expect((slug as HTMLInputElement).value).toBe('taken-slug')
  })

  it('says when someone else saved first, keeps what was typed, and reloads on request', async () => {
    const user = userEvent.setup()
    const conflict = new ApiError({ status: 409, message: PUBLISHING_MESSAGES.conflict })
    const get = vi
      .fn<NewsEditorApi['get']>()
      .mockResolvedValueOnce(item)
      .mockResolvedValue({ ...item, title: 'Their title', version: 4 })
    renderEditor(7, { get, save: vi.fn(() => later<NewsAdminItem>(conflict)) })
    const title = await screen.findByLabelText(/^Title/)
    await user.clear(title)
    await user.type(title, 'My title')
    await user.click(screen.getByRole('button', { name: 'Save News Item' }))
    const reload = await screen.findByRole('button', { name: 'Reload the News Item' })
    const alert = reload.closest('[role="alert"]') as HTMLElement
    expect(alert.textContent).toContain(PUBLISHING_MESSAGES.conflict)
    expect((title as HTMLInputElement).value).toBe('My title')
    await user.click(reload)
    await waitFor(() =>
      expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Their title'),
    )
    // The form starts again from what is saved now; the warning has gone.
    expect(screen.queryByRole('button', { name: 'Reload the News Item' })).toBeNull()
  })

  it('previews the body as the server renders it', async () => {
    const user = userEvent.setup()
    const api = renderEditor(7)
    await user.click(await screen.findByRole('button', { name: 'Show Preview' }))
    const preview = await screen.findByRole('region', { name: 'Preview' })
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Monitoring' })).toBeTruthy())
    expect(api.preview).toHaveBeenCalledWith(item.body)
  })

  it('starts a new item as a draft dated today, and asks for the image and its description', async () => {
    const user = userEvent.setup()
    const api = renderEditor(null)
    await user.type(await screen.findByLabelText(/^Title/), 'Hello')
    await user.type(screen.getByLabelText(/^Summary/), 'World')
    await user.click(screen.getByRole('button', { name: 'Save News Item' }))
    expect(await screen.findByText(PUBLISHING_MESSAGES.imageRequired)).toBeTruthy()
    expect(screen.getByText(PUBLISHING_MESSAGES.altRequired)).toBeTruthy()
    expect((screen.getByLabelText(/^Status/) as HTMLSelectElement).value).toBe('draft')
    expect((screen.getByLabelText(/^Date/) as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(api.save).not.toHaveBeenCalled()
  })
})
