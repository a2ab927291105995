// @vitest-environment happy-dom
import { MESSAGES, type ProfileSettings } from '@signalway/shared'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
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
