// @vitest-environment happy-dom
import { MESSAGES, type ProfileSettings } from '@signalway/shared'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { handOverProfile } from '../../../lib/hydration-handover.ts'
import { UpdateProfile } from './update-profile.tsx'

const signedIn = { status: 'signedIn' as const, profile: regularProfile }

describe('UpdateProfile: what comes after the details waits for them (no layout shift, issue 18)', () => {
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
