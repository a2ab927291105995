/**
 * The behaviour of the server-rendered main navigation (`main-nav.tsx` renders the markup), in
 * plain DOM code with no React, so that the same code runs in the hydrated app (the component
 * attaches it in an effect) and on the pages that do not hydrate (`app/enhance`).
 */

/** The Menu button's icon: three bars when closed, a cross when open. */
export const MENU_ICON_PATHS = {
  closed: 'M4 7h16M4 12h16M4 17h16',
  open: 'M6 6l12 12M18 6L6 18',
} as const

/** Class names the controller finds its parts by. */
export const MAIN_NAV_PARTS = {
  toggle: 'main-nav__toggle',
  panelOpen: 'main-nav__panel--open',
  disclosure: 'main-nav__disclosure',
} as const

export interface MainNavController {
  /** Closes the menu and the Services submenu (the app calls it on a route change). */
  close(): void
  /** Removes every listener. */
  detach(): void
}

function linksIn(list: HTMLElement): HTMLAnchorElement[] {
  return Array.from(list.querySelectorAll<HTMLAnchorElement>('a'))
}

/**
 * Main navigation (requirements §1): on narrow screens the list sits behind the Menu button; Services
 * is a disclosure with the 10 services.
 *
 * Keyboard: Enter/Space toggle the Services disclosure; ArrowDown/ArrowUp on it open it and focus
 * the first/last service; ArrowDown/ArrowUp/Home/End move between services; Escape closes the open
 * menu and returns focus to its button. A click (or touch) outside, or leaving the Services menu
 * with Tab, closes it.
 */
export function attachMainNav(nav: HTMLElement): MainNavController {
  const doc = nav.ownerDocument
  const toggle = nav.querySelector<HTMLButtonElement>(`.${MAIN_NAV_PARTS.toggle}`)
  const servicesButton = nav.querySelector<HTMLButtonElement>(`.${MAIN_NAV_PARTS.disclosure}`)
  const panel = toggle && doc.getElementById(toggle.getAttribute('aria-controls') ?? '')
  const submenu = servicesButton && doc.getElementById(servicesButton.getAttribute('aria-controls') ?? '')
  const servicesItem = servicesButton?.parentElement
  if (!toggle || !servicesButton || !panel || !submenu || !servicesItem) {
    return { close: () => {}, detach: () => {} }
  }

  // As the markup says: the app's controller takes over a menu opened before the page hydrated (ADR 011).
  let menuOpen = toggle.getAttribute('aria-expanded') === 'true'
  let servicesOpen = servicesButton.getAttribute('aria-expanded') === 'true'

  const render = () => {
    toggle.setAttribute('aria-expanded', String(menuOpen))
    panel.classList.toggle(MAIN_NAV_PARTS.panelOpen, menuOpen)
    toggle.querySelector('path')?.setAttribute('d', menuOpen ? MENU_ICON_PATHS.open : MENU_ICON_PATHS.closed)
    servicesButton.setAttribute('aria-expanded', String(servicesOpen))
    submenu.hidden = !servicesOpen
  }
  const set = (menu: boolean, services: boolean) => {
    if (menu === menuOpen && services === servicesOpen) return
    menuOpen = menu
    servicesOpen = services
    render()
  }

  const onToggleClick = () => set(!menuOpen, servicesOpen)
  const onServicesClick = () => set(menuOpen, !servicesOpen)

  const onServicesKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    set(menuOpen, true)
    const links = linksIn(submenu)
    ;(event.key === 'ArrowDown' ? links[0] : links[links.length - 1])?.focus()
  }

  const onSubmenuKeyDown = (event: KeyboardEvent) => {
    const links = linksIn(submenu)
    const index = links.indexOf(doc.activeElement as HTMLAnchorElement)
    let next: number | undefined
    if (event.key === 'ArrowDown') next = (index + 1) % links.length
    else if (event.key === 'ArrowUp') next = (index - 1 + links.length) % links.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = links.length - 1
    if (next === undefined) return
    event.preventDefault()
    links[next]?.focus()
  }

  const onNavKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    if (servicesOpen) {
      event.preventDefault()
      set(menuOpen, false)
      servicesButton.focus()
    } else if (menuOpen) {
      event.preventDefault()
      set(false, false)
      toggle.focus()
    }
  }

  // Focus moved to another element outside (Tab). A click on a non-focusable part of the menu blurs
  // to nothing (relatedTarget null) and must not close it; outside clicks are the pointerdown's.
  const onServicesFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null
    if (next && !servicesItem.contains(next)) set(menuOpen, false)
  }

  // A click (or touch) outside closes what is open.
  const onDocumentPointerDown = (event: Event) => {
    if (!menuOpen && !servicesOpen) return
    const target = event.target as Node | null
    if (!target) return
    set(menuOpen && nav.contains(target), servicesOpen && servicesItem.contains(target))
  }

  const listeners: [EventTarget, string, EventListener][] = [
    [toggle, 'click', onToggleClick],
    [servicesButton, 'click', onServicesClick],
    [servicesButton, 'keydown', onServicesKeyDown as EventListener],
    [submenu, 'keydown', onSubmenuKeyDown as EventListener],
    [nav, 'keydown', onNavKeyDown as EventListener],
    [servicesItem, 'focusout', onServicesFocusOut as EventListener],
    [doc, 'pointerdown', onDocumentPointerDown],
  ]
  for (const [element, type, listener] of listeners) element.addEventListener(type, listener)

  return {
    close: () => set(false, false),
    detach: () => {
      for (const [element, type, listener] of listeners) element.removeEventListener(type, listener)
    },
  }
}
