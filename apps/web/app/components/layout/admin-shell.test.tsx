// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../test/utils.tsx'
import { adminSectionOf, isAdminPath } from './admin-shell.tsx'
import { AppShell } from './app-shell.tsx'

function renderShell(route: string, callBar?: boolean) {
  return renderWithProviders(
    <AppShell callBar={callBar}>
      <h1>Page</h1>
    </AppShell>,
    { route, auth: { status: 'signedIn', profile: adminProfile } },
  )
}

describe('the admin area has a frame of its own', () => {
  it('a compact header with the product, the person signed in, View Site and Logout; no footer', () => {
    renderShell('/admin/')
    const banner = screen.getByRole('banner')
    expect(
      within(banner)
        .getByRole('link', { name: /Signalway Traffic Hire Admin/ })
        .getAttribute('href'),
    ).toBe('/admin/')
    expect(
      within(banner)
        .getByRole('link', { name: 'Signed in as Ada Admin, Administrator' })
        .getAttribute('href'),
    ).toBe('/update-profile/')
    // Seen: the full name and the role, not a first name beside "Admin" (ADR 035).
    expect(banner.querySelector('.admin-header__name')?.textContent).toBe('Ada Admin')
    expect(banner.querySelector('.admin-header__role')?.textContent).toBe('· Administrator')
    expect(within(banner).getByRole('link', { name: 'View Site' }).getAttribute('href')).toBe('/')
    expect(within(banner).getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout/')
    expect(screen.queryByRole('contentinfo')).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
    expect(screen.getByRole('main').textContent).toBe('Page')
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main')
  })

  it('an Admin navigation that marks the section of the page, creating a user being Users', () => {
    renderShell('/admin/create-user/')
    const nav = screen.getByRole('navigation', { name: 'Admin' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Users',
      'Enquiries',
      'Credit applications',
      'Accounts',
      'Invoices',
      'Bookings',
      'Dispatch',
      'Faults',
      'Fleet',
      'News',
      'Pages',
      'FAQs',
      'Undelivered mail',
    ])
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current.map((link) => link.textContent)).toEqual(['Users'])
  })

  it('every other page keeps the site frame', () => {
    renderShell('/update-profile/')
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull()
  })

  it('the site frame has the call bar when the page shows it (ADR 037)', () => {
    renderShell('/about/', true)
    expect(screen.getByRole('navigation', { name: 'Call or get a quote' })).toBeTruthy()
  })

  it('no call bar on a page that does not show it, nor in the admin frame', () => {
    const { unmount } = renderShell('/contact-us/', false)
    expect(screen.queryByRole('navigation', { name: 'Call or get a quote' })).toBeNull()
    unmount()
    renderShell('/admin/', true)
    expect(screen.queryByRole('navigation', { name: 'Call or get a quote' })).toBeNull()
  })

  it('tells admin paths and their sections apart', () => {
    expect(isAdminPath('/admin/')).toBe(true)
    expect(isAdminPath('/admin/update-user/7')).toBe(true)
    expect(isAdminPath('/administration/')).toBe(false)
    expect(isAdminPath('/about/')).toBe(false)
    expect(adminSectionOf('/admin/')).toBe('/admin/')
    expect(adminSectionOf('/admin/update-user/7')).toBe('/admin/manage-users/')
    expect(adminSectionOf('/admin/enquiries/')).toBe('/admin/enquiries/')
    expect(adminSectionOf('/admin/undelivered-mail/')).toBe('/admin/undelivered-mail/')
    expect(adminSectionOf('/admin/fleet/units/3/')).toBe('/admin/fleet/')
    expect(adminSectionOf('/admin/accounts/7/')).toBe('/admin/accounts/')
    expect(adminSectionOf('/admin/accounts/7/billing/')).toBe('/admin/accounts/')
    expect(adminSectionOf('/admin/invoices/12/')).toBe('/admin/invoices/')
    expect(adminSectionOf('/admin/dispatch/run-sheet/')).toBe('/admin/dispatch/')
    expect(adminSectionOf('/admin/fleet/types/new/')).toBe('/admin/fleet/')
  })
})
