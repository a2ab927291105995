// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CONSENT_STORAGE_KEY, ConsentBanner } from './tag-manager.tsx'

afterEach(() => {
  window.localStorage.clear()
  delete (window as { gtag?: unknown }).gtag
})

describe('consent banner', () => {
  it('asks once when a tag-manager id is configured, stores the answer and updates Consent Mode', async () => {
    const gtag = vi.fn()
    ;(window as { gtag?: unknown }).gtag = gtag
    render(<ConsentBanner tagManagerId="GTM-AB12CD" />)
    const region = await screen.findByRole('region', { name: 'Cookie consent' })
    expect(region).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied')
    expect(gtag).toHaveBeenCalledWith(
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'denied' }),
    )
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })

  it('does not ask again once the visitor has chosen', async () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'granted')
    render(<ConsentBanner tagManagerId="GTM-AB12CD" />)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })

  it('is never shown without an id', async () => {
    render(<ConsentBanner tagManagerId={undefined} />)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.queryByRole('region')).toBeNull()
  })
})
