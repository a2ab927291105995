import { SERVICES } from '@signalway/shared'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { ChevronDownIcon, MenuIcon } from './icons.tsx'

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

type FocusTarget = 'first' | 'last' | null

function linksIn(list: HTMLElement | null): HTMLAnchorElement[] {
  return Array.from(list?.querySelectorAll<HTMLAnchorElement>('a') ?? [])
}

/**
 * Main navigation (SPEC.md §1): Home, About, Services (a disclosure with the 10 services),
 * News and Contact. On narrow screens the list sits behind a Menu button.
 *
 * Keyboard: Enter/Space toggle the Services disclosure; ArrowDown/ArrowUp on it open it
 * and focus the first/last service; ArrowDown/ArrowUp/Home/End move between services;
 * Escape closes the open menu and returns focus to its button. A click outside, leaving
 * the menu with Tab, or a route change closes it.
 */
export function MainNav() {
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const [servicesOpen, setServicesOpen] = useState(false)
  const [focusOnOpen, setFocusOnOpen] = useState<FocusTarget>(null)
  const [locationKey, setLocationKey] = useState(location.key)

  const navRef = useRef<HTMLElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const servicesItemRef = useRef<HTMLLIElement>(null)
  const servicesButtonRef = useRef<HTMLButtonElement>(null)
  const submenuRef = useRef<HTMLUListElement>(null)
  const panelId = useId()
  const submenuId = useId()

  // Close everything on a route change.
  if (location.key !== locationKey) {
    setLocationKey(location.key)
    setMenuOpen(false)
    setServicesOpen(false)
  }

  useEffect(() => {
    if (!servicesOpen || !focusOnOpen) return
    const links = linksIn(submenuRef.current)
    ;(focusOnOpen === 'first' ? links[0] : links[links.length - 1])?.focus()
    setFocusOnOpen(null)
  }, [servicesOpen, focusOnOpen])

  // A click (or touch) outside closes what is open.
  useEffect(() => {
    if (!menuOpen && !servicesOpen) return
    const onPointerDown = (event: Event) => {
      const target = event.target as Node | null
      if (!target) return
      if (servicesItemRef.current && !servicesItemRef.current.contains(target)) setServicesOpen(false)
      if (navRef.current && !navRef.current.contains(target)) setMenuOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [menuOpen, servicesOpen])

  const onNavKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return
    if (servicesOpen) {
      event.preventDefault()
      setServicesOpen(false)
      servicesButtonRef.current?.focus()
    } else if (menuOpen) {
      event.preventDefault()
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
  }

  const onServicesButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setServicesOpen(true)
      setFocusOnOpen(event.key === 'ArrowDown' ? 'first' : 'last')
    }
  }

  const onSubmenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = linksIn(submenuRef.current)
    const index = links.indexOf(document.activeElement as HTMLAnchorElement)
    let next: number | undefined
    if (event.key === 'ArrowDown') next = (index + 1) % links.length
    else if (event.key === 'ArrowUp') next = (index - 1 + links.length) % links.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = links.length - 1
    if (next === undefined) return
    event.preventDefault()
    links[next]?.focus()
  }

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
    <nav className="main-nav" aria-label="Main" ref={navRef} onKeyDown={onNavKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className="main-nav__toggle"
        aria-expanded={menuOpen}
        aria-controls={panelId}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <MenuIcon className="main-nav__toggle-icon" open={menuOpen} />
        Menu
      </button>
      <div id={panelId} className={`main-nav__panel${menuOpen ? ' main-nav__panel--open' : ''}`}>
        <ul className="main-nav__list">
          {MAIN_LINKS_BEFORE.map(renderLink)}
          <li
            className="main-nav__item"
            ref={servicesItemRef}
            onBlur={(event) => {
              // Focus moved to another element outside (Tab). A click on a non-focusable part of the
              // menu blurs to nothing (relatedTarget null) and must not close it; outside clicks are
              // handled by the pointerdown listener.
              const next = event.relatedTarget as Node | null
              if (next && !event.currentTarget.contains(next)) setServicesOpen(false)
            }}
          >
            <button
              ref={servicesButtonRef}
              type="button"
              className={`main-nav__disclosure${servicesActive ? ' main-nav__disclosure--active' : ''}`}
              aria-expanded={servicesOpen}
              aria-controls={submenuId}
              onClick={() => setServicesOpen((open) => !open)}
              onKeyDown={onServicesButtonKeyDown}
            >
              Services
              <ChevronDownIcon className="main-nav__chevron" />
            </button>
            <ul
              id={submenuId}
              ref={submenuRef}
              className="main-nav__submenu"
              hidden={!servicesOpen}
              onKeyDown={onSubmenuKeyDown}
            >
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
