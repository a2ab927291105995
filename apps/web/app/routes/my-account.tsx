import { MY_ACCOUNT_MESSAGES, type MyAccount } from '@signalway/shared/my-account'
import { useCallback, useEffect, useRef, useState } from 'react'
import { PageHeader } from '../components/ui/page-header.tsx'
import {
  confirmMyEmail,
  getMyAccount,
  getMyCreditApplicationPdf,
} from '../features/account/api/my-account.ts'
import { MyAccountView } from '../features/account/components/my-account-view.tsx'
import { MY_ACCOUNT_LEAD } from '../features/account/my-account-lines.ts'
import { failureMessage } from '../lib/api-client.ts'
import { useAuth } from '../lib/auth-context.ts'
import { privateShellPage } from '../lib/hydration.ts'
import { handedOverMyAccount } from '../lib/hydration-handover.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { saveBlob } from '../lib/save-blob.ts'
import type { Route } from './+types/my-account'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'My Account',
    description: 'Your quote requests, messages and credit applications with Signalway Traffic Hire.',
    path: paths.myAccount,
    noIndex: true,
  })

/** Rendered before the sign-in is known, shown by its enhancement script, hydrated on interaction (ADR 030). */
export const handle = privateShellPage('my-account')

type Page =
  | { state: 'loading' }
  | { state: 'ready'; account: MyAccount }
  | { state: 'failed'; message: string }

/** The account the enhancement script showed (ADR 030): the app starts from it without asking again. */
function initialPage(): Page {
  const account = handedOverMyAccount(typeof document === 'undefined' ? undefined : document)
  return account ? { state: 'ready', account } : { state: 'loading' }
}

/**
 * The customer's account area, for any signed-in user (routes/private-layout.tsx). While the sign-in is
 * checked (a private shell, ADR 030), the page as it loads; its enhancement script fills it in.
 */
export default function MyAccountPage() {
  const { status } = useAuth()
  const [page, setPage] = useState<Page>(initialPage)
  const handedOver = useRef(page.state === 'ready')
  const load = useCallback(() => {
    setPage({ state: 'loading' })
    getMyAccount().then(
      (account) => setPage({ state: 'ready', account }),
      (error: unknown) =>
        setPage({ state: 'failed', message: failureMessage(error, MY_ACCOUNT_MESSAGES.loadFailed) }),
    )
  }, [])
  useEffect(() => {
    if (status !== 'signedIn') return
    if (handedOver.current) {
      handedOver.current = false
      return
    }
    load()
  }, [status, load])

  return (
    <>
      <PageHeader title="My Account" lead={MY_ACCOUNT_LEAD} />
      <section className="section">
        <div className="container">
          {page.state === 'loading' ? (
            <p role="status" className="my-account__loading">
              Loading your account…
            </p>
          ) : null}
          {page.state === 'failed' ? (
            <div role="alert" className="my-account__failed">
              <p>{page.message}</p>
              <button type="button" className="button button--outline" onClick={load}>
                Try again
              </button>
            </div>
          ) : null}
          {page.state === 'ready' ? (
            <MyAccountView
              account={page.account}
              downloadPdf={async (reference) => {
                saveBlob(await getMyCreditApplicationPdf(reference), `credit-application-${reference}.pdf`)
              }}
              confirmEmail={confirmMyEmail}
            />
          ) : null}
        </div>
      </section>
    </>
  )
}
