import {
  ACCOUNT_ON_HOLD_NOTICE,
  CUSTOMER_ACCOUNT_ROLE_LABELS,
  type MyCustomerAccount,
  type MyCustomerAccountDetail,
} from '@signalway/shared/customer-accounts'
import { type ReactNode, useCallback, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PlainSelect } from '../../../components/ui/plain-select.tsx'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { PORTAL_API, type PortalApi } from '../api/portal.ts'
import { PORTAL_MESSAGES } from '../messages.ts'

/** The portal's pages (requirements §18). */
export type PortalSection = 'account' | 'sites' | 'bookings' | 'on-hire' | 'invoices' | 'members' | 'activity'

/** The pages; those with `roles` are offered to those roles only (the server refuses the others anyway). */
const SECTIONS: {
  section: PortalSection
  label: string
  href: (id: number) => string
  roles?: readonly MyCustomerAccount['role'][]
}[] = [
  { section: 'account', label: 'Account', href: paths.myCustomerAccount.account },
  { section: 'sites', label: 'Sites', href: paths.myCustomerAccount.sites },
  { section: 'bookings', label: 'Bookings', href: paths.myCustomerAccount.bookings },
  { section: 'on-hire', label: 'On hire', href: paths.myCustomerAccount.onHire },
  {
    section: 'invoices',
    label: 'Invoices',
    href: paths.myCustomerAccount.invoices,
    roles: ['account_admin', 'accounts'],
  },
  { section: 'members', label: 'Members', href: paths.myCustomerAccount.members, roles: ['account_admin'] },
  {
    section: 'activity',
    label: 'Activity',
    href: paths.myCustomerAccount.activity,
    roles: ['account_admin'],
  },
]

function sectionsFor(role: MyCustomerAccount['role']) {
  return SECTIONS.filter((item) => !item.roles || item.roles.includes(role))
}

interface Loaded {
  account: MyCustomerAccountDetail
  accounts: MyCustomerAccount[]
}

/**
 * A customer account's page in My Account: the account's name as the page's title, the switcher for people in
 * several accounts, the sub-navigation and the held notice (without the staff's reason), then the section's
 * content. The account's id is in the path, so the choice of account survives a reload and a shared link.
 */
export function PortalFrame({
  id,
  section,
  api = PORTAL_API,
  children,
}: {
  id: number
  section: PortalSection
  api?: PortalApi
  children: (account: MyCustomerAccountDetail) => ReactNode
}) {
  const load = useCallback(async (): Promise<Loaded> => {
    const [account, list] = await Promise.all([api.get(id), api.list()])
    return { account, accounts: list.items }
  }, [api, id])
  const { loaded, reload } = useLoaded(load, PORTAL_MESSAGES.loadFailed)
  const title = loaded.state === 'ready' ? loaded.value.account.legalName : 'Customer Account'
  return (
    <>
      <PageHeader title={title} />
      <section className="section">
        <div className="container portal">
          <p className="portal__back">
            <Link to={paths.myAccount}>Back to My Account</Link>
          </p>
          {loaded.state === 'failed' ? (
            <LoadFailed message={PORTAL_MESSAGES.loadFailed} onRetry={reload} />
          ) : null}
          {loaded.state === 'loading' ? <p role="status">Loading the account…</p> : null}
          {loaded.state === 'ready' ? (
            <>
              <div className="portal__bar">
                <SectionNav id={id} current={section} role={loaded.value.account.role} />
                {loaded.value.accounts.length > 1 ? (
                  <AccountSwitcher id={id} section={section} accounts={loaded.value.accounts} />
                ) : null}
              </div>
              {loaded.value.account.onHold ? (
                <p className="portal__hold" role="note">
                  {ACCOUNT_ON_HOLD_NOTICE}
                </p>
              ) : null}
              {children(loaded.value.account)}
            </>
          ) : null}
        </div>
      </section>
    </>
  )
}

function SectionNav({
  id,
  current,
  role,
}: {
  id: number
  current: PortalSection
  role: MyCustomerAccount['role']
}) {
  return (
    <nav className="portal__nav" aria-label="Account pages">
      <ul>
        {sectionsFor(role).map(({ section, label, href }) => (
          <li key={section}>
            <Link to={href(id)} aria-current={section === current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * The account switcher: a list box and a button, so that choosing with the arrow keys does not leave the page
 * before the person has made up their mind (a change of context only on request, WCAG 3.2.2).
 */
export function AccountSwitcher({
  id,
  section,
  accounts,
}: {
  id: number
  section: PortalSection
  accounts: MyCustomerAccount[]
}) {
  const navigate = useNavigate()
  const [chosen, setChosen] = useState(String(id))
  const target = SECTIONS.find((item) => item.section === section) ?? SECTIONS[0]
  return (
    <form
      className="portal__switcher"
      onSubmit={(event) => {
        event.preventDefault()
        if (target && chosen !== String(id)) void navigate(target.href(Number(chosen)))
      }}
    >
      <PlainSelect label="Account" value={chosen} onChange={(event) => setChosen(event.target.value)}>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {`${account.accountNumber} ${account.tradingName || account.legalName} (${CUSTOMER_ACCOUNT_ROLE_LABELS[account.role]})`}
          </option>
        ))}
      </PlainSelect>
      <button type="submit" className="button button--outline button--sm">
        Switch
      </button>
    </form>
  )
}
