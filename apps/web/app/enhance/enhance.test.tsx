// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, authState, jwt, stubCarouselBrowser } from '../../test/utils.tsx'
import { SiteHeader } from '../components/layout/site-header.tsx'
import { CONSENT_STORAGE_KEY } from '../components/tag-manager.tsx'
import { EquipmentCarousel } from '../features/home/equipment-carousel.tsx'
import type { ApiClient } from '../lib/api-client.ts'
import { AuthContext } from '../lib/auth-context.ts'
import {
  AUTH_STORAGE_KEY,
  createAuthStorage,
  createMemoryStorage,
  type UserProfile,
} from '../lib/auth-storage.ts'
import {
  ENHANCE_SCRIPT_ID,
  hydrateOnInteractionDataset,
  SIGNED_IN_HINT_ATTRIBUTE,
} from '../lib/hydration-handover.ts'
import { enhanceAuth } from './auth.ts'
import { type EnhanceConfig, enhanceScriptDataset } from './config.ts'
import { dropSecretQuery, enhancePage } from './enhance.ts'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

/** The document of a page that is not hydrated: the server's header and a carousel, and the script element. */
function loadServerPage(config: EnhanceConfig = { apiBaseUrl: '/api', authClientId: 'web' }) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <AuthContext value={authState({ status: 'loading' })}>
        <div className="auth-scope">
          <div className="app">
            <SiteHeader />
            <main id="main">
              <h2 id="equipment">Specialist Hire</h2>
              <EquipmentCarousel labelledBy="equipment" />
            </main>
          </div>
        </div>
      </AuthContext>
    </MemoryRouter>,
  )
  const attributes = Object.entries(enhanceScriptDataset(config))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('')
  document.body.innerHTML = `${html}<script type="application/x-test" id="${ENHANCE_SCRIPT_ID}"${attributes}></script>`
}

const banner = () => screen.getByRole('banner')

beforeEach(() => {
  stubCarouselBrowser()
})

afterEach(() => {
  window.localStorage.clear()
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

describe('a page that is not hydrated', () => {
  it('shows Login once it knows nobody is signed in', async () => {
    loadServerPage()
    expect(banner().querySelector('.auth-slot__placeholder')).not.toBeNull()
    await enhancePage(document)
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login/')
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull()
  })

  it('fetches the profile of a stored sign-in behind the blocking overlay, then shows Logout', async () => {
    loadServerPage({ apiBaseUrl: 'https://api.example/v1-base', authClientId: 'web' })
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({
        access_token: jwt({ id: 7, sub: 'ada@example.com' }),
        refresh_token: 'r',
        expires_in: 60,
      }),
    )
    const response = deferred<Response>()
    const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => response.promise)
    vi.stubGlobal('fetch', fetch)

    const done = enhancePage(document)
    expect(String(fetch.mock.calls[0]?.[0])).toBe(
      'https://api.example/v1-base/v1/core/accounts/7/profile/settings',
    )
    expect(screen.getByRole('status').textContent).toBe('Loading your profile…')
    expect(document.querySelector<HTMLElement>('.auth-scope')?.inert).toBe(true)

    response.resolve(
      new Response(JSON.stringify(adminProfile), { headers: { 'content-type': 'application/json' } }),
    )
    await done
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout/')
    expect(screen.queryByRole('status')).toBeNull()
    expect(document.querySelector<HTMLElement>('.auth-scope')?.inert).toBe(false)
  })

  it('works the main navigation: the Menu button, and the Services menu by keyboard', async () => {
    loadServerPage()
    await enhancePage(document)
    const user = userEvent.setup()
    const menu = screen.getByRole('button', { name: 'Menu' })
    await user.click(menu)
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    expect(document.getElementById(menu.getAttribute('aria-controls') ?? '')?.className).toContain(
      'main-nav__panel--open',
    )
    expect(menu.querySelector('path')?.getAttribute('d')).toBe('M6 6l12 12M18 6L6 18')

    const services = screen.getByRole('button', { name: 'Services' })
    services.focus()
    await user.keyboard('{ArrowDown}')
    expect(services.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement?.textContent).toBe('All Services')
    await user.keyboard('{End}')
    expect(document.activeElement?.textContent).toBe('Portaboom')
    await user.keyboard('{Escape}')
    expect(services.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(services)
    await user.keyboard('{Escape}')
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menu)
  })

  it('starts the carousels', async () => {
    vi.useFakeTimers()
    try {
      loadServerPage()
      const carousel = screen.getByRole('region', { name: 'Specialist Hire' })
      expect(carousel.dataset.rotating).toBe('false')
      await enhancePage(document)
      expect(carousel.dataset.rotating).toBe('true')
      act(() => vi.advanceTimersByTime(5000))
      expect(Element.prototype.scrollTo).toHaveBeenCalledTimes(1)
      fireEvent.click(screen.getByRole('button', { name: 'Pause automatic slide show' }))
      expect(screen.getByRole('button', { name: 'Play automatic slide show' })).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks for cookie consent only with a tag manager, and only until the visitor has chosen', async () => {
    loadServerPage()
    await enhancePage(document)
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()

    const gtag = vi.fn()
    vi.stubGlobal('gtag', gtag)
    loadServerPage({ apiBaseUrl: '/api', authClientId: 'web', tagManagerId: 'GTM-AB12CD' })
    await enhancePage(document)
    const region = screen.getByRole('region', { name: 'Cookie consent' })
    expect(region.parentElement?.className).toBe('auth-scope')
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied')
    expect(gtag).toHaveBeenCalledWith(
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'denied' }),
    )
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()

    loadServerPage({ apiBaseUrl: '/api', authClientId: 'web', tagManagerId: 'GTM-AB12CD' })
    await enhancePage(document)
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull()
  })
})

describe('a page that hydrates on the first interaction', () => {
  afterEach(() => {
    document.documentElement.removeAttribute(SIGNED_IN_HINT_ATTRIBUTE)
  })

  function loadInteractionPage() {
    const attributes = Object.entries({
      ...enhanceScriptDataset({ apiBaseUrl: '/api', authClientId: 'web' }),
      ...hydrateOnInteractionDataset(),
    })
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('')
    document.body.innerHTML = `<main id="main"></main><script type="application/x-test" id="${ENHANCE_SCRIPT_ID}"${attributes}></script>`
  }

  it('marks the page for a stored sign-in (its app starts at once), so that what is for visitors waits hidden', async () => {
    loadInteractionPage()
    await enhancePage(document)
    expect(document.documentElement.hasAttribute(SIGNED_IN_HINT_ATTRIBUTE)).toBe(false)
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({
        access_token: jwt({ id: 7, sub: 'ada@example.com' }),
        refresh_token: 'r',
        expires_in: 60,
      }),
    )
    await enhancePage(document)
    expect(document.documentElement.hasAttribute(SIGNED_IN_HINT_ATTRIBUTE)).toBe(true)
  })
})

describe('a password reset link', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/')
    window.sessionStorage.clear()
  })

  it('leaves the address bar as the page loads, replaced, before the page is recorded as the last one shown', async () => {
    window.history.replaceState({ kept: 1 }, '', '/reset-password/?t=secret-token#top')
    const length = window.history.length
    loadServerPage()
    await enhancePage(document)
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/reset-password/#top',
    )
    expect(window.history.length).toBe(length)
    expect(window.history.state).toEqual({ kept: 1 })
    expect(window.sessionStorage.getItem('signalway.pages') ?? '').not.toContain('secret-token')
  })

  it('only on the reset page: another page keeps its query', () => {
    window.history.replaceState(null, '', '/get-a-quote/?service=vms-boards')
    dropSecretQuery(window)
    expect(window.location.search).toBe('?service=vms-boards')
  })
})

describe('enhanceAuth', () => {
  function client(get: (path: string) => Promise<unknown>): ApiClient {
    return { get } as unknown as ApiClient
  }

  it('shows Login when the stored session turns out to be over (the refresh failed and cleared it)', async () => {
    loadServerPage()
    const storage = createAuthStorage(createMemoryStorage())
    storage.setTokens({ access_token: jwt({ id: 7, sub: 'a@b.c' }), refresh_token: 'r', expires_in: 60 })
    const get = vi.fn(async () => {
      storage.clear()
      throw new Error('invalid refresh token')
    })
    await enhanceAuth(document, storage, client(get))
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('keeps the stored profile when the tokens survive a failure, and reflects a sign-out in another tab', async () => {
    loadServerPage()
    const storage = createAuthStorage(createMemoryStorage())
    storage.setTokens({ access_token: jwt({ id: 7, sub: 'a@b.c' }), refresh_token: 'r', expires_in: 60 })
    storage.setProfile(adminProfile as UserProfile)
    await enhanceAuth(document, storage, client(vi.fn(async () => Promise.reject(new Error('503')))))
    expect(screen.getByRole('link', { name: 'Logout' })).toBeTruthy()

    storage.clear()
    await waitFor(() => expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy())
  })
})
