// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authState } from '../../test/utils.tsx'
import { CONSENT_STORAGE_KEY } from '../components/consent.ts'
import { SiteHeader } from '../components/layout/site-header.tsx'
import { AuthContext } from '../lib/auth-context.ts'
import {
  AUTH_STORAGE_KEY,
  type AuthStorage,
  createAuthStorage,
  createMemoryStorage,
} from '../lib/auth-storage.ts'
import {
  announceBeforeHydrate,
  announceHydrated,
  CREDIT_RECEIPT_KEY,
  DEFERRED_MODULE_TYPE,
  HYDRATED_ATTRIBUTE,
  leftFields,
} from '../lib/hydration-handover.ts'
import { hydrateOnInteraction, INTERACTION_EVENTS } from './on-interaction.ts'

const APP_SCRIPT = 'import * as route0 from "/assets/root-1.js"; import("/assets/entry.client-1.js")'
const PRELOADS = '/assets/entry.client-1.js /assets/jsx-runtime-1.js /assets/root-1.js'

/** The server's document of a form page that hydrates on the first interaction. */
function loadServerPage({ nonce }: { nonce?: string } = {}) {
  const header = renderToStaticMarkup(
    <MemoryRouter>
      <AuthContext value={authState({ status: 'loading' })}>
        <SiteHeader />
      </AuthContext>
    </MemoryRouter>,
  )
  document.head.innerHTML = ''
  document.body.innerHTML = `<div class="auth-scope">${header}
    <main>
      <form aria-label="Send us a message"><input name="name"><button type="submit">Send</button></form>
      <button type="button" class="location-card__load">Show map of Laverton VIC</button>
    </main></div>
    <script type="${DEFERRED_MODULE_TYPE}"${nonce ? ` nonce="${nonce}"` : ''} data-preload="${PRELOADS}">${APP_SCRIPT}</script>`
}

function storage(tokens = false): AuthStorage {
  const store = createMemoryStorage()
  if (tokens) {
    store.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ access_token: 'a.b.c', refresh_token: 'r', expires_in: 60 }),
    )
  }
  return createAuthStorage(store)
}

const started = () => document.head.querySelector<HTMLScriptElement>('script[type="module"]')
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
const form = () => screen.getByRole('form', { name: 'Send us a message' }) as HTMLFormElement
const authSlot = () => document.querySelector('.auth-slot') as HTMLElement

/** The app's side of the handover, as `entry.client.tsx` and `lib/typed-values.ts` do it. */
async function appHydrates() {
  announceBeforeHydrate(document)
  announceHydrated(document)
  // The held input is made again in the next task.
  await new Promise((resolve) => setTimeout(resolve, 0))
}

function submit(target: HTMLFormElement): SubmitEvent {
  const event = new SubmitEvent('submit', { bubbles: true, cancelable: true })
  target.dispatchEvent(event)
  return event
}

afterEach(() => {
  // Every loader of the test hands over: none is left listening to the document.
  document.body.dispatchEvent(new Event('focusin', { bubbles: true }))
  announceBeforeHydrate(document)
  announceHydrated(document)
  window.localStorage.clear()
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE)
})

describe('a page that hydrates on the first interaction', () => {
  it.each(INTERACTION_EVENTS)(
    'starts the app on the first %s, once: its preloads, then its module script',
    (type) => {
      loadServerPage()
      hydrateOnInteraction(document, { apiBaseUrl: '/api', authClientId: 'web' }, storage())
      expect(started()).toBeNull()
      expect(preloads()).toEqual([])

      document.body.querySelector('input')?.dispatchEvent(new Event(type, { bubbles: true }))
      expect(preloads().map((link) => link.getAttribute('href'))).toEqual(PRELOADS.split(' '))
      expect(started()?.textContent).toBe(APP_SCRIPT)

      document.body.dispatchEvent(new Event('keydown', { bubbles: true }))
      expect(document.head.querySelectorAll('script')).toHaveLength(1)
    },
  )

  it('gives the started script the nonce of the inert one (a page rendered for one request)', () => {
    loadServerPage({ nonce: 'n0nce' })
    hydrateOnInteraction(document, { apiBaseUrl: '/api', authClientId: 'web' }, storage())
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(started()?.nonce).toBe('n0nce')
  })

  it('shows Login until the app hydrates, then gives the header back as the server rendered it', () => {
    loadServerPage()
    const serverSlot = authSlot().innerHTML
    hydrateOnInteraction(document, { apiBaseUrl: '/api', authClientId: 'web' }, storage())
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login/')
    announceBeforeHydrate(document)
    expect(authSlot().innerHTML).toBe(serverSlot)
  })

  it('starts at once for a signed-in visitor, whose header the app shows', () => {
    loadServerPage()
    const serverSlot = authSlot().innerHTML
    hydrateOnInteraction(document, { apiBaseUrl: '/api', authClientId: 'web' }, storage(true))
    expect(started()).not.toBeNull()
    expect(authSlot().innerHTML).toBe(serverSlot)
  })

  it('starts at once when the consent banner is to be shown, not once the visitor has chosen', () => {
    loadServerPage()
    const config = { apiBaseUrl: '/api', authClientId: 'web', tagManagerId: 'GTM-TEST1' }
    hydrateOnInteraction(document, config, storage())
    expect(started()).not.toBeNull()

    loadServerPage()
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'denied')
    hydrateOnInteraction(document, config, storage())
    expect(started()).toBeNull()
  })

  it('starts at once when this tab holds a credit receipt the page shows after its reload (ADR 026)', () => {
    loadServerPage()
    window.sessionStorage.setItem(CREDIT_RECEIPT_KEY, '{"reference":"CA-2026-ABCDEFGH"}')
    try {
      hydrateOnInteraction(document, { apiBaseUrl: '/api', authClientId: 'web' }, storage())
      expect(started()).not.toBeNull()
    } finally {
      window.sessionStorage.removeItem(CREDIT_RECEIPT_KEY)
    }
  })

  it('notes the fields left before the app hydrated, and no more after (ADR 026)', () => {
    loadServerPage()
    hydrateOnInteraction(document, { apiBaseUrl: '/api', authClientId: 'web' }, storage())
    const input = document.body.querySelector('input') as HTMLInputElement
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    expect(leftFields(document).has(input)).toBe(true)
    const button = document.body.querySelector('button') as HTMLButtonElement
    announceBeforeHydrate(document)
    button.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    expect(leftFields(document).has(button)).toBe(false)
  })

  it('holds a submit made before the app hydrated, and makes it again after', async () => {
    loadServerPage()
    hydrateOnInteraction(document, { apiBaseUrl: '/api', authClientId: 'web' }, storage())
    const requestSubmit = vi.spyOn(form(), 'requestSubmit').mockImplementation(() => {})

    expect(submit(form()).defaultPrevented).toBe(true)
    expect(started()).not.toBeNull()
    expect(requestSubmit).not.toHaveBeenCalled()

    await appHydrates()
    expect(requestSubmit).toHaveBeenCalledTimes(1)
    // The app has the form now: its submits are its own.
    expect(submit(form()).defaultPrevented).toBe(false)
  })

  it('clicks again, after hydration, the buttons only the app works; not those of the navigation', async () => {
    loadServerPage()
    hydrateOnInteraction(document, { apiBaseUrl: '/api', authClientId: 'web' }, storage())
    const map = screen.getByRole('button', { name: 'Show map of Laverton VIC' })
    const menu = screen.getByRole('button', { name: 'Menu' })
    map.click()
    menu.click()
    // The navigation works before: its own controller.
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    const clicks = vi.fn()
    map.addEventListener('click', clicks)
    menu.addEventListener('click', clicks)

    await appHydrates()
    expect(clicks).toHaveBeenCalledTimes(1)
    expect(clicks.mock.calls[0]?.[0].target).toBe(map)
    // Handed over: the app's controller (not attached here) works the menu, this one no more.
    menu.click()
    expect(menu.getAttribute('aria-expanded')).toBe('true')
  })

  it('when the app cannot load, posts a held submit and holds no more: the form posts as without JavaScript', () => {
    loadServerPage()
    hydrateOnInteraction(document, { apiBaseUrl: '/api', authClientId: 'web' }, storage())
    const requestSubmit = vi.spyOn(form(), 'requestSubmit').mockImplementation(() => {})
    expect(submit(form()).defaultPrevented).toBe(true)
    started()?.dispatchEvent(new Event('error'))
    expect(requestSubmit).toHaveBeenCalledTimes(1)
    expect(submit(form()).defaultPrevented).toBe(false)
  })
})
