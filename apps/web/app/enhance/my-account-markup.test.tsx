// @vitest-environment happy-dom
import type { MyAccount } from '@signalway/shared/my-account'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { NotificationsProvider } from '../components/ui/notifications/index.ts'
import { MyAccountView } from '../features/account/components/my-account-view.tsx'
import { myAccountView } from './my-account-markup.ts'

const QUOTE = {
  id: 'e1',
  kind: 'quote' as const,
  status: 'in_progress' as const,
  createdAt: '2026-11-26T01:00:00.000Z',
  services: ['VMS Boards', 'Arrow Boards'],
  hireDetails: {
    startDate: '2026-12-01',
    hireLength: { value: 3, unit: 'weeks' as const },
    site: { suburb: 'Laverton', postcode: '3028' },
    shift: 'night' as const,
  },
  excerpt: 'Two boards for the Monash.',
}
const MESSAGE = {
  id: 'e2',
  kind: 'contact' as const,
  status: 'done' as const,
  createdAt: '2026-11-25T23:30:00.000Z',
  services: [],
  hireDetails: null,
  excerpt: 'Do you hire on weekends & <holidays>?',
}

const CUSTOMER_ACCOUNT = {
  id: 7,
  accountNumber: 'SW-10007',
  legalName: 'Casey Civil Pty Ltd',
  tradingName: 'Casey Civil',
  role: 'account_admin' as const,
  creditLimitCents: 5_000_000,
  availableCreditCents: 5_000_000,
  paymentTermsDays: 30,
  poRequired: false,
  onHold: false,
}

const ACCOUNTS: [string, MyAccount][] = [
  [
    'empty, its address not confirmed',
    {
      email: 'casey@example.com',
      emailConfirmed: false,
      enquiries: [],
      creditApplications: [],
      customerAccounts: [],
    },
  ],
  [
    'with a quote request, a message and credit applications of every status',
    {
      email: 'casey@example.com',
      emailConfirmed: true,
      enquiries: [QUOTE, MESSAGE, { ...QUOTE, id: 'e3', status: 'new', hireDetails: null }],
      creditApplications: (
        ['received', 'under_review', 'more_information_needed', 'approved', 'declined'] as const
      ).map((status, index) => ({
        reference: `CA-2026-0000000${index}`,
        businessName: `Casey Civil ${index} Pty Ltd`,
        status,
        submittedAt: '2026-11-20T01:00:00.000Z',
      })),
      customerAccounts: [
        CUSTOMER_ACCOUNT,
        { ...CUSTOMER_ACCOUNT, id: 8, accountNumber: 'SW-10008', onHold: true },
      ],
    },
  ],
  [
    'a driver’s, with the link to their runs (ADR 050)',
    {
      email: 'dana@example.com',
      emailConfirmed: true,
      enquiries: [],
      creditApplications: [],
      customerAccounts: [],
      driver: true,
    },
  ],
]

/** The view's markup as the server sends it (text separators included), parsed by the browser. */
function serverMarkup(account: MyAccount): Element {
  const html = renderToString(
    <MemoryRouter>
      <NotificationsProvider>
        <MyAccountView
          account={account}
          downloadPdf={async () => undefined}
          confirmEmail={async () => ({ email: '' })}
        />
      </NotificationsProvider>
    </MemoryRouter>,
  )
  const template = document.createElement('template')
  template.innerHTML = html
  const view = template.content.querySelector('.my-account')
  if (!view) throw new Error('no account view rendered')
  return view
}

describe('the account area the enhancement script builds is the one the app renders (ADR 030)', () => {
  it.each(ACCOUNTS)('%s', (_name, account) => {
    const built = myAccountView(document, account)
    const rendered = serverMarkup(account)
    // Node for node: the same elements, attributes and text nodes, so the app hydrates over what was shown.
    expect(built.isEqualNode(rendered), `${built.outerHTML}\n!=\n${rendered.outerHTML}`).toBe(true)
  })

  it('has no text separators in the server’s markup (two texts side by side would need them)', () => {
    for (const [, account] of ACCOUNTS) expect(serverMarkup(account).innerHTML).not.toContain('<!--')
  })
})
