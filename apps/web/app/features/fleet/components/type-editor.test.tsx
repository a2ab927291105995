// @vitest-environment happy-dom
import { type EquipmentTypeAdmin, FLEET_MESSAGES } from '@signalway/shared/fleet'
import { MONEY_MESSAGES } from '@signalway/shared/money'
import { IMAGE_UPLOAD_MAX_BYTES, PUBLISHING_MESSAGES, type UploadedImage } from '@signalway/shared/publishing'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import { TypeEditor, type TypeEditorApi } from './type-editor.tsx'

const type: EquipmentTypeAdmin = {
  id: 4,
  slug: 'arrow-board-trailer',
  serviceSlug: 'arrow-boards',
  name: 'Arrow board, trailer mounted',
  description: 'A solar arrow board on a trailer.',
  specifications: [{ label: 'Power', value: 'Solar' }],
  imageMediaId: null,
  image: null,
  imageAlt: '',
  dayRateCents: 8_500,
  weekRateCents: 42_500,
  minimumDays: 1,
  pricePublic: true,
  unitCount: 3,
  version: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
}

/** Rejects after a macrotask, as a failed request does. */
function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function renderEditor(id: number | null, overrides: Partial<TypeEditorApi> = {}) {
  const api: TypeEditorApi = {
    get: vi.fn(async () => type),
    save: vi.fn(),
    upload: vi.fn(),
    ...overrides,
  }
  renderWithProviders(<TypeEditor id={id} api={api} />, {
    route: id === null ? '/admin/fleet/types/new/' : `/admin/fleet/types/${id}/`,
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement

/**
 * happy-dom leaves a form-bound select showing its placeholder, whatever its default value (a browser shows the
 * value): the loaded type's service is chosen again, as the person would see it chosen.
 */
async function serviceShown(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText(/^Service/), type.serviceSlug)
}

describe('the equipment type editor', () => {
  it('sends the rates typed in dollars as whole cents, and the slug made from the name', async () => {
    const user = userEvent.setup()
    const save = vi.fn(async () => ({ ...type, id: 9 }))
    renderEditor(null, { save })
    await user.type(await screen.findByLabelText(/^Name/), 'VMS board, full matrix')
    await user.selectOptions(screen.getByLabelText(/^Service/), 'vms-boards')
    await user.type(field(/^Description/), 'A full matrix board on a trailer.')
    await user.type(field(/^Day rate/), '$1,234.56')
    await user.type(field(/^Week rate/), '0.29')
    await user.clear(field(/^Minimum hire/))
    await user.type(field(/^Minimum hire/), '2')
    await user.click(screen.getByLabelText(/Show the rates on the public site/))
    await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(null, {
      name: 'VMS board, full matrix',
      slug: 'vms-board-full-matrix',
      serviceSlug: 'vms-boards',
      description: 'A full matrix board on a trailer.',
      specifications: [],
      imageMediaId: null,
      imageAlt: '',
      dayRateCents: 123_456,
      weekRateCents: 29,
      minimumDays: 2,
      pricePublic: false,
    })
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/fleet/types/9/'))
  })

  it('shows the saved rates as dollars and saves with the version it was loaded at', async () => {
    const user = userEvent.setup()
    const save = vi.fn(async () => ({ ...type, dayRateCents: 9_000, version: 3 }))
    renderEditor(4, { save })
    const day = await screen.findByLabelText(/^Day rate/)
    await serviceShown(user)
    expect((day as HTMLInputElement).value).toBe('85.00')
    expect(field(/^Week rate/).value).toBe('425.00')
    await user.clear(day)
    await user.type(day, '90')
    await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(
      4,
      expect.objectContaining({
        dayRateCents: 9_000,
        weekRateCents: 42_500,
        specifications: [{ label: 'Power', value: 'Solar' }],
        version: 2,
      }),
    )
    expect(await screen.findByText(FLEET_SCREEN_MESSAGES.typeSaved)).toBeTruthy()
    await waitFor(() => expect(field(/^Day rate/).value).toBe('90.00'))
  })

  it('says what is wrong with typed amounts and a week dearer than seven days, and sends nothing', async () => {
    const user = userEvent.setup()
    const api = renderEditor(4)
    const day = await screen.findByLabelText(/^Day rate/)
    await serviceShown(user)
    await user.clear(day)
    await user.type(day, '12.345')
    const week = field(/^Week rate/)
    await user.clear(week)
    await user.type(week, 'lots')
    await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
    expect(await screen.findByText(MONEY_MESSAGES.tooManyDecimals('Day rate'))).toBeTruthy()
    expect(screen.getByText(MONEY_MESSAGES.invalid('Week rate'))).toBeTruthy()
    expect(day.getAttribute('aria-invalid')).toBe('true')

    await user.clear(day)
    await user.type(day, '100')
    await user.clear(week)
    await user.type(week, '700.01')
    await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
    expect(
      await screen.findByText('The week rate cannot be more than 7 days at the day rate ($700.00).'),
    ).toBeTruthy()
    expect(api.save).not.toHaveBeenCalled()
  })

  it('asks for both halves of a key specification, and removes one', async () => {
    const user = userEvent.setup()
    const save = vi.fn(async () => type)
    renderEditor(4, { save })
    await screen.findByLabelText(/^Day rate/)
    await serviceShown(user)
    await user.click(screen.getByRole('button', { name: 'Add a specification' }))
    await user.type(field(/^Specification 2/), 'Display')
    await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
    expect(await screen.findByText(FLEET_SCREEN_MESSAGES.specificationValueRequired)).toBeTruthy()
    expect(save).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Remove specification 2' }))
    await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(4, expect.objectContaining({ specifications: type.specifications }))
  })

  it('puts the server refusal of a rate in cents on the dollars field', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({
      status: 400,
      message: FLEET_MESSAGES.centsRange,
      modelState: { dayRateCents: [FLEET_MESSAGES.centsRange] },
    })
    renderEditor(4, { save: vi.fn(() => later<EquipmentTypeAdmin>(refused)) })
    await serviceShown(user)
    await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
    await waitFor(() => expect(field(/^Day rate/).getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText(FLEET_MESSAGES.centsRange).length).toBeGreaterThan(0)
  })

  it('says when someone else saved first, keeps what was typed, and reloads on request', async () => {
    const user = userEvent.setup()
    const conflict = new ApiError({ status: 409, message: FLEET_MESSAGES.typeConflict })
    const get = vi
      .fn<TypeEditorApi['get']>()
      .mockResolvedValueOnce(type)
      .mockResolvedValue({ ...type, name: 'Their name', version: 3 })
    renderEditor(4, { get, save: vi.fn(() => later<EquipmentTypeAdmin>(conflict)) })
    const name = await screen.findByLabelText(/^Name/)
    await serviceShown(user)
    await user.clear(name)
    await user.type(name, 'My name')
    await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
    const reload = await screen.findByRole('button', { name: 'Reload the Equipment Type' })
    expect((reload.closest('[role="alert"]') as HTMLElement).textContent).toContain(
      FLEET_MESSAGES.typeConflict,
    )
    expect((name as HTMLInputElement).value).toBe('My name')
    await user.click(reload)
    await waitFor(() => expect(field(/^Name/).value).toBe('Their name'))
    expect(screen.queryByRole('button', { name: 'Reload the Equipment Type' })).toBeNull()
  })

  describe('its image', () => {
    const FIRST = 'a'.repeat(32)
    const SECOND = 'b'.repeat(32)
    const withImage: EquipmentTypeAdmin = {
      ...type,
      imageMediaId: FIRST,
      image: `/api/media/${FIRST}-800.webp`,
      imageAlt: 'An arrow board',
    }
    const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'board.png', { type: 'image/png' })

    it('uploads a chosen image and saves it with its description', async () => {
      const user = userEvent.setup()
      const upload = vi.fn(async () => ({ image: `/api/media/${SECOND}-800.webp`, width: 800, height: 450 }))
      const save = vi.fn(async () => type)
      renderEditor(4, { upload, save })
      await serviceShown(user)
      expect(screen.getByText('No image yet')).toBeTruthy()
      expect(screen.queryByLabelText(/^Image Description/)).toBeNull()
      await user.upload(field(/^Image$/), png())
      await waitFor(() =>
        expect(upload).toHaveBeenCalledWith(expect.stringMatching(/^data:image\/png;base64,/)),
      )
      const preview = await screen.findByRole('presentation')
      expect(preview.getAttribute('src')).toBe(`/api/media/${SECOND}-800.webp`)
      await user.type(field(/^Image Description/), 'A solar arrow board')
      await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
      await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
      expect(save).toHaveBeenCalledWith(
        4,
        expect.objectContaining({ imageMediaId: SECOND, imageAlt: 'A solar arrow board', version: 2 }),
      )
    })

    it('replaces an image and removes one', async () => {
      const user = userEvent.setup()
      const upload = vi.fn(async () => ({ image: `/api/media/${SECOND}-800.webp`, width: 800, height: 450 }))
      const save = vi.fn(async () => withImage)
      renderEditor(4, { get: vi.fn(async () => withImage), upload, save })
      await serviceShown(user)
      expect(field(/^Image Description/).value).toBe('An arrow board')
      await user.upload(field(/^Image$/), png())
      await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
      await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
      expect(save).toHaveBeenLastCalledWith(4, expect.objectContaining({ imageMediaId: SECOND }))

      await user.click(screen.getByRole('button', { name: 'Remove the Image' }))
      expect(screen.getByText('No image yet')).toBeTruthy()
      expect(screen.queryByLabelText(/^Image Description/)).toBeNull()
      await user.click(screen.getByRole('button', { name: 'Save Equipment Type' }))
      await waitFor(() => expect(save).toHaveBeenCalledTimes(2))
      expect(save).toHaveBeenLastCalledWith(4, expect.objectContaining({ imageMediaId: null, imageAlt: '' }))
    })

    it('says why an upload was refused, and a file over the size limit is not sent', async () => {
      const user = userEvent.setup()
      const refused = new ApiError({
        status: 400,
        message: PUBLISHING_MESSAGES.imageTooSmall,
        modelState: { image: [PUBLISHING_MESSAGES.imageTooSmall] },
      })
      const upload = vi.fn(() => later<UploadedImage>(refused))
      renderEditor(4, { upload })
      await serviceShown(user)
      await user.upload(field(/^Image$/), png())
      expect(await screen.findByText(PUBLISHING_MESSAGES.imageTooSmall)).toBeTruthy()
      expect(field(/^Image$/).getAttribute('aria-invalid')).toBe('true')

      const huge = new File([new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' })
      await user.upload(field(/^Image$/), huge)
      expect(await screen.findByText(PUBLISHING_MESSAGES.imageTooLarge)).toBeTruthy()
      expect(upload).toHaveBeenCalledTimes(1)
    })
  })
})
