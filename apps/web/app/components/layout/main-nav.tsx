import { SERVICES } from '@signalway/shared'
import { useEffect, useId, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { ChevronDownIcon, MenuIcon } from './icons.tsx'
import { attachMainNav, type MainNavController } from './main-nav-controller.ts'

/** Whether `pathname` is `target` or below it, ignoring trailing slashes ('/about' matches '/about/'). */
export function isActivePath(pathname: string, target: string, exact = false): boolean {
  const trim = (value: string) => value.replace(/\/+$/, '') || '/'
  const current = trim(pathname)
  const wanted = trim(target)
  if (current === wanted) return true
  if (exact || wanted === '/') return false
  return current.startsWith(`${wanted}/`)
}

const MAIN_LINKS_BEFORE = [
  { label: 'Home', to: paths.home, exact: true },
  { label: 'About', to: paths.about, exact: false },
] as const

const MAIN_LINKS_AFTER = [
  { label: 'News', to: paths.news, exact: false },
  { label: 'Contact', to: paths.contactUs, exact: false },
] as const

/**
 * Main navigation (requirements §1): Home, About, Services (a disclosure with the 10 services),
 * News and Contact. On narrow screens the list sits behind a Menu button.
 *
 * The markup is rendered here in its closed state; the behaviour (Menu button, Services
 * disclosure, keys, closing on an outside click or Tab) is `main-nav-controller.ts`, plain DOM
 * code shared with the pages that are not hydrated (`app/enhance`). A route change closes both.
 */
export function MainNav() {
  const location = useLocation()
  const navRef = useRef<HTMLElement>(null)
  const controllerRef = useRef<MainNavController | null>(null)
  const panelId = useId()
  const submenuId = useId()

  useEffect(() => {
    if (!navRef.current) return
    const controller = attachMainNav(navRef.current)
    controllerRef.current = controller
    return () => {
      controller.detach()
      controllerRef.current = null
    }
  }, [])

  // Close everything on a route change (not on hydration: a menu opened before it stays open).
  const shownKey = useRef(location.key)
  useEffect(() => {
    if (shownKey.current === location.key) return
    shownKey.current = location.key
    controllerRef.current?.close()
  }, [location.key])

  const servicesActive = isActivePath(location.pathname, paths.services.index)

  const renderLink = (link: { label: string; to: string; exact: boolean }) => (
    <li className="main-nav__item" key={link.to}>
      <Link
        className="main-nav__link"
        to={link.to}
        aria-current={isActivePath(location.pathname, link.to, link.exact) ? 'page' : undefined}
      >
        {link.label}
      </Link>
    </li>
  )

  return (
    <nav className="main-nav" aria-label="Main" ref={navRef}>
      <button type="button" className="main-nav__toggle" aria-expanded={false} aria-controls={panelId}>
        <MenuIcon className="main-nav__toggle-icon" open={false} />
        Menu
      </button>
      <div id={panelId} className="main-nav__panel">
        <ul className="main-nav__list">
          {MAIN_LINKS_BEFORE.map(renderLink)}
          <li className="main-nav__item">
            <button
              type="button"
              className={`main-nav__disclosure${servicesActive ? ' main-nav__disclosure--active' : ''}`}
              aria-expanded={false}
              aria-controls={submenuId}
            >
              Services
              <ChevronDownIcon className="main-nav__chevron" />
            </button>
            <ul id={submenuId} className="main-nav__submenu" hidden>
              <li className="main-nav__submenu-all">
                <Link
                  className="main-nav__sublink main-nav__sublink--all"
                  to={paths.services.index}
                  aria-current={
                    isActivePath(location.pathname, paths.services.index, true) ? 'page' : undefined
                  }
                >
                  All Services
                </Link>
              </li>
              {SERVICES.map((service) => {
                const to = paths.services.detail(service.slug)
                return (
                  <li key={service.slug}>
                    <Link
                      className="main-nav__sublink"
                      to={to}
                      aria-current={isActivePath(location.pathname, to) ? 'page' : undefined}
                    >
                      {service.name}
                    </Link>
                  </li>
                )
              })}
            </ul>
          </li>
          {MAIN_LINKS_AFTER.map(renderLink)}
        </ul>
      </div>
    </nav>
  )
}
