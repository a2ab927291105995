// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { regularProfile, renderWithProviders } from '../../test/utils.tsx'
import { SiteHeader } from '../components/layout/site-header.tsx'
import { ConsentBanner } from '../components/tag-manager.tsx'
import { BlockingOverlay } from '../components/ui/blocking-overlay.tsx'
import { PROFILE_LOADING_LABEL } from './auth.ts'
import { authSlot, blockingOverlay, consentBanner } from './markup.ts'

/** React Router marks its links for route discovery; a page without the router has no use for it. */
function withoutRouterAttributes(node: Element): Element {
  const copy = node.cloneNode(true) as Element
  for (const element of [copy, ...copy.querySelectorAll('*')]) element.removeAttribute('data-discover')
  return copy
}

/** Same element, attributes (in any order) and children. */
function expectSameMarkup(built: Element, rendered: Element | null | undefined) {
  if (!rendered) throw new Error('nothing rendered')
  const expected = withoutRouterAttributes(rendered)
  expect(built.isEqualNode(expected), `${built.outerHTML}\n!=\n${expected.outerHTML}`).toBe(true)
}

afterEach(() => window.localStorage.clear())

describe('the elements a page that is not hydrated adds are those its React components render', () => {
  it.each([
    ['signed out: Login', 'signedOut', null],
    ['signed in: the first name and Logout', 'signedIn', regularProfile],
    ['an administrator: the first name, Admin and Logout', 'signedIn', { ...regularProfile, memberType: 3 }],
  ] as const)('the header account slot, %s', (_name, status, profile) => {
    const { container } = renderWithProviders(<SiteHeader />, { auth: { status, profile } })
    expectSameMarkup(authSlot(document, { status, profile }), container.querySelector('.auth-slot'))
  })

  it('the blocking overlay while the profile loads', () => {
    const { container } = render(<BlockingOverlay label={PROFILE_LOADING_LABEL} />)
    expectSameMarkup(blockingOverlay(document, PROFILE_LOADING_LABEL), container.firstElementChild)
  })

  it('the cookie consent banner', async () => {
    render(<ConsentBanner tagManagerId="GTM-AB12CD" />)
    const region = await screen.findByRole('region', { name: 'Cookie consent' })
    expectSameMarkup(
      consentBanner(document, () => {}),
      region,
    )
  })
})
