// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../test/utils.tsx'
import { SiteHeader } from './site-header.tsx'

function servicesButton() {
  return screen.getByRole('button', { name: 'Services' })
}

function submenu() {
  const id = servicesButton().getAttribute('aria-controls') ?? ''
  const element = document.getElementById(id)
  if (!element) throw new Error('submenu not found')
  return element
}

describe('main navigation', () => {
  it('lists Home, About, Services, News and Contact', () => {
    renderWithProviders(<SiteHeader />)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveProperty('pathname', '/')
    expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about/')
    expect(within(nav).getByRole('button', { name: 'Services' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/news/')
    expect(within(nav).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact-us/')
  })

  it('marks the current page', () => {
    renderWithProviders(<SiteHeader />, { route: '/about' })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
  })

  it('opens the Services menu with a click and lists the 10 services', async () => {
    const user = userEvent.setup()
    renderWithProviders(<SiteHeader />)
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false')
    expect(submenu().hidden).toBe(true)

    await user.click(servicesButton())
    expect(servicesButton().getAttribute('aria-expanded')).toBe('true')
    expect(submenu().hidden).toBe(false)
    const links = within(submenu()).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'All Services',
      'Arrow Boards',
      'VMS Boards',
      'Portable Traffic Lights',
      'Travel Times - Data Collection',
      'Variable Speed Limit Signs',
      'Truck Mounted Attenuators',
      'Highway Trucks',
      'Traffic Utes',
      'VMS Utes',
      'Portaboom',
    ])
  })

  it('opens by keyboard: Enter toggles, ArrowDown opens and focuses the first service', async () => {
    const user = userEvent.setup()
    renderWithProviders(<SiteHeader />)
    servicesButton().focus()

    await user.keyboard('{Enter}')
    expect(servicesButton().getAttribute('aria-expanded')).toBe('true')
    await user.keyboard('{Enter}')
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false')

    await user.keyboard('{ArrowDown}')
    expect(servicesButton().getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement?.textContent).toBe('All Services')
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.textContent).toBe('Arrow Boards')
    await user.keyboard('{End}')
    expect(document.activeElement?.textContent).toBe('Portaboom')
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.textContent).toBe('All Services')
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement?.textContent).toBe('Portaboom')
  })

  it('ArrowUp opens the menu on the last service', async () => {
    const user = userEvent.setup()
    renderWithProviders(<SiteHeader />)
    servicesButton().focus()
    await user.keyboard('{ArrowUp}')
    expect(document.activeElement?.textContent).toBe('Portaboom')
  })

  it('Escape closes the menu and returns focus to the Services button', async () => {
    const user = userEvent.setup()
    renderWithProviders(<SiteHeader />)
    servicesButton().focus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    await user.keyboard('{Escape}')
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(servicesButton())
  })

  it('closes on a click outside', async () => {
    const user = userEvent.setup()
    renderWithProviders(<SiteHeader />)
    await user.click(servicesButton())
    expect(servicesButton().getAttribute('aria-expanded')).toBe('true')
    await user.click(document.body)
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false')
  })

  it('stays open on a click inside the menu, closes when Tab leaves it', async () => {
    const user = userEvent.setup()
    renderWithProviders(<SiteHeader />)
    await user.click(servicesButton())
    await user.pointer({ keys: '[MouseLeft]', target: submenu() })
    expect(servicesButton().getAttribute('aria-expanded')).toBe('true')
    screen.getByRole('link', { name: 'Portaboom' }).focus()
    await user.tab()
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false')
  })

  it('closes on a route change', async () => {
    const user = userEvent.setup()
    renderWithProviders(<SiteHeader />)
    await user.click(servicesButton())
    await user.click(screen.getByRole('link', { name: 'VMS Boards' }))
    expect(screen.getByTestId('location').textContent).toBe('/services/vms-boards/')
    expect(servicesButton().getAttribute('aria-expanded')).toBe('false')
  })

  it('has a Menu button for narrow screens: toggles, Escape closes it and restores focus', async () => {
    const user = userEvent.setup()
    renderWithProviders(<SiteHeader />)
    const menu = screen.getByRole('button', { name: 'Menu' })
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '')
    expect(menu.getAttribute('aria-expanded')).toBe('false')

    await user.click(menu)
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    expect(panel?.className).toContain('main-nav__panel--open')

    screen.getByRole('link', { name: 'News' }).focus()
    await user.keyboard('{Escape}')
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menu)

    await user.click(menu)
    await user.click(document.body)
    expect(menu.getAttribute('aria-expanded')).toBe('false')
  })
})

describe('header actions', () => {
  it('shows the phone link, Contact Us and Get a Quote', () => {
    renderWithProviders(<SiteHeader />)
    const phone = screen.getByRole('link', { name: /1300 975 707/ })
    expect(phone.getAttribute('href')).toBe('tel:1300975707')
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us/')
    expect(screen.getByRole('link', { name: 'Get a Quote' }).getAttribute('href')).toBe('/get-a-quote/')
  })

  it('shows neither Login nor Logout while the auth state is unknown', () => {
    renderWithProviders(<SiteHeader />, { auth: { status: 'loading' } })
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull()
  })

  it('shows Login only when signed out', () => {
    renderWithProviders(<SiteHeader />, { auth: { status: 'signedOut' } })
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login/')
    expect(screen.queryByRole('link', { name: 'Logout' })).toBeNull()
  })

  it('shows Logout only when signed in', () => {
    renderWithProviders(<SiteHeader />, { auth: { status: 'signedIn', profile: regularProfile } })
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout/')
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull()
  })
})
