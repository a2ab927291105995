import { MEMBER_TYPE, memberTypeLabel } from '@signalway/shared'
import type { ReactNode, Ref } from 'react'
import { Link, useLocation } from 'react-router'
import { useAuth } from '../../lib/auth-context.ts'
import { PRODUCT_NAME } from '../../lib/config.ts'
import { paths } from '../../lib/paths.ts'
import { brand } from '../../site-content/index.ts'
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx'

/** The role the admin header names beside the person (ADR 035): member type 3 is an administrator. */
export function roleLabel(memberType: number): string {
  return memberType === MEMBER_TYPE.Admin ? 'Administrator' : memberTypeLabel(memberType)
}

/** Whether a path is in the admin area, which has its own frame. */
export function isAdminPath(pathname: string): boolean {
  return pathname.startsWith(paths.admin.index)
}

/** The admin area's sections, in the order of the day's work. */
export const ADMIN_SECTIONS: readonly { to: string; label: string }[] = [
  { to: paths.admin.index, label: 'Dashboard' },
  { to: paths.admin.manageUsers, label: 'Users' },
  { to: paths.admin.enquiries, label: 'Enquiries' },
  { to: paths.admin.creditApplications, label: 'Credit applications' },
  { to: paths.admin.accounts, label: 'Accounts' },
  { to: paths.admin.invoices, label: 'Invoices' },
  { to: paths.admin.bookings, label: 'Bookings' },
  { to: paths.admin.dispatch, label: 'Dispatch' },
  { to: paths.admin.faults, label: 'Faults' },
  { to: paths.admin.fleet.units, label: 'Fleet' },
  { to: paths.admin.news, label: 'News' },
  { to: paths.admin.pages, label: 'Pages' },
  { to: paths.admin.faqs, label: 'FAQs' },
  { to: paths.admin.undeliveredMail, label: 'Undelivered mail' },
]

/** Paths that belong to a section beside its own: creating and updating a user are Users' work. */
const SECTION_OF: readonly [prefix: string, section: string][] = [
  [paths.admin.createUser, paths.admin.manageUsers],
  [paths.admin.updateUser(''), paths.admin.manageUsers],
]

/** The section a path belongs to: its own, the one it is part of, or the dashboard. */
export function adminSectionOf(pathname: string): string {
  const own = ADMIN_SECTIONS.find(
    (section) => section.to !== paths.admin.index && pathname.startsWith(section.to),
  )
  if (own) return own.to
  return SECTION_OF.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? paths.admin.index
}

/**
 * The admin area's frame: a compact header with the product's name, the signed-in person by full
 * name and role ("Jo Citizen · Administrator", ADR 035),
 * the public site and Logout, then the admin navigation; no marketing band, footer or call bar. The guard
 * (routes/admin/layout.tsx) still decides who sees the content.
 */
export function AdminShell({ children, mainRef }: { children: ReactNode; mainRef: Ref<HTMLElement> }) {
  const { profile } = useAuth()
  const name = profile ? `${profile.firstName} ${profile.lastName}`.trim() : ''
  const role = profile ? roleLabel(Number(profile.memberType)) : ''
  return (
    <div className="app admin-shell">
      <SkipLink />
      <header className="admin-header surface-dark">
        <div className="admin-header__inner">
          <Link to={paths.admin.index} className="admin-header__brand">
            <img src={brand.icon.src} width={28} height={28} alt="" className="admin-header__icon" />
            <span>
              {PRODUCT_NAME} <span className="admin-header__area">Admin</span>
            </span>
          </Link>
          <div className="admin-header__account">
            <Link
              to={paths.updateProfile}
              className="admin-header__person"
              aria-label={name ? `Signed in as ${name}, ${role}` : 'Your profile'}
            >
              {name ? (
                <>
                  <span className="admin-header__name">{name}</span>
                  <span className="admin-header__role">· {role}</span>
                </>
              ) : (
                <span className="admin-header__placeholder" aria-hidden="true" />
              )}
            </Link>
            <Link to={paths.home} className="button button--outline-light button--sm">
              View Site
            </Link>
            <Link to={paths.logout} className="button button--outline-light button--sm">
              Logout
            </Link>
          </div>
        </div>
        <AdminNav />
      </header>
      <main id={MAIN_CONTENT_ID} className="admin-main" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}

function AdminNav() {
  const current = adminSectionOf(useLocation().pathname)
  return (
    <nav className="admin-nav" aria-label="Admin">
      <ul className="admin-nav__list">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              className="admin-nav__link"
              aria-current={section.to === current ? 'page' : undefined}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
