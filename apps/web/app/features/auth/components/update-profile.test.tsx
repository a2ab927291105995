// @vitest-environment happy-dom
import { MESSAGES, type ProfileSettings } from '@signalway/shared'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { SEARCH_BUTTON, SEARCH_LABEL } from '../../../components/address/index.ts'
import { handOverProfile } from '../../../lib/hydration-handover.ts'
import { UpdateProfile } from './update-profile.tsx'

const signedIn = { status: 'signedIn' as const, profile: regularProfile }

describe('UpdateProfile: what comes after the details waits for them (no layout shift)', () => {
  it('says it has settled once the profile is in, not while it loads', async () => {
    let resolve: (settings: ProfileSettings) => void = () => {}
    const load = vi.fn(() => new Promise<ProfileSettings>((r) => (resolve = r)))
    const onSettled = vi.fn()
    renderWithProviders(<UpdateProfile load={load} save={vi.fn()} onSettled={onSettled} />, {
      auth: signedIn,
    })
    expect(screen.getByText('Loading your profile…')).toBeTruthy()
    expect(onSettled).not.toHaveBeenCalled()
    resolve(regularProfile as ProfileSettings)
    await waitFor(() => expect(onSettled).toHaveBeenCalled())
    expect(screen.queryByText('Loading your profile…')).toBeNull()
  })

  it('and once it could not be loaded (the rest of the page still shows)', async () => {
    const onSettled = vi.fn()
    renderWithProviders(
      <UpdateProfile
        load={vi.fn().mockRejectedValue(new Error('down'))}
        save={vi.fn()}
        onSettled={onSettled}
      />,
      { auth: signedIn },
    )
    await waitFor(() => expect(onSettled).toHaveBeenCalled())
    expect(screen.getAllByText(MESSAGES.profileFetchFailed).length).toBeGreaterThan(0)
  })
})

describe('UpdateProfile on the private shell page (ADR 028)', () => {
  afterEach(() => handOverProfile(document, null))

  it('renders the empty form of a regular member while the sign-in is checked, and loads nothing', () => {
    const load = vi.fn()
    renderWithProviders(<UpdateProfile load={load} save={vi.fn()} />, {
      auth: { status: 'loading', profile: null },
    })
    expect((screen.getByRole('textbox', { name: /First Name/u }) as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('textbox', { name: /Company Name/u })).toBeNull()
    expect(load).not.toHaveBeenCalled()
  })

  it('renders the empty form of a company member when the browser’s hint says so, the address for manual entry (ADR 029)', () => {
    renderWithProviders(<UpdateProfile load={vi.fn()} save={vi.fn()} shape="company" />, {
      auth: { status: 'loading', profile: null },
    })
    expect((screen.getByRole('textbox', { name: /Company Name/u }) as HTMLInputElement).value).toBe('')
    expect((screen.getByRole('textbox', { name: /Street Name/u }) as HTMLInputElement).value).toBe('')
    expect(screen.getByRole('button', { name: SEARCH_BUTTON })).toBeTruthy()
  })

  it('opens a company member’s address for manual entry as shown, and as its data says when loaded by the app', async () => {
    const company = {
      ...regularProfile,
      memberType: 2,
      companyName: 'Carla Cones Pty Ltd',
    } as ProfileSettings
    handOverProfile(document, company)
    const { unmount } = renderWithProviders(<UpdateProfile load={vi.fn()} save={vi.fn()} shape="company" />, {
      auth: { status: 'signedIn', profile: company },
    })
    expect((screen.getByRole('textbox', { name: /Company Name/u }) as HTMLInputElement).value).toBe(
      'Carla Cones Pty Ltd',
    )
    expect(screen.getByRole('textbox', { name: /Street Name/u })).toBeTruthy()
    unmount()
    handOverProfile(document, null)

    renderWithProviders(<UpdateProfile load={vi.fn().mockResolvedValue(company)} save={vi.fn()} />, {
      auth: { status: 'signedIn', profile: company },
    })
    await waitFor(() => expect(screen.getByRole('combobox', { name: SEARCH_LABEL })).toBeTruthy())
  })

  it('starts from the profile the enhancement script showed, without asking the API again', async () => {
    const shown = { ...regularProfile, firstName: 'Shelley' } as ProfileSettings
    handOverProfile(document, shown)
    const load = vi.fn()
    const onSettled = vi.fn()
    renderWithProviders(<UpdateProfile load={load} save={vi.fn()} onSettled={onSettled} />, {
      auth: { status: 'signedIn', profile: shown },
    })
    expect((screen.getByRole('textbox', { name: /First Name/u }) as HTMLInputElement).value).toBe('Shelley')
    await waitFor(() => expect(onSettled).toHaveBeenCalled())
    expect(load).not.toHaveBeenCalled()
  })

  it('asks the API when the profile handed over is someone else’s', async () => {
    handOverProfile(document, { ...regularProfile, id: 'someone-else' })
    const load = vi.fn().mockResolvedValue(regularProfile)
    renderWithProviders(<UpdateProfile load={load} save={vi.fn()} />, { auth: signedIn })
    await waitFor(() => expect(load).toHaveBeenCalledWith(regularProfile.id))
  })
})
