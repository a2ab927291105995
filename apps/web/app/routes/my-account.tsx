import { MY_ACCOUNT_MESSAGES, type MyAccount } from '@signalway/shared/my-account'
import { useCallback, useEffect, useState } from 'react'
import { PageHeader } from '../components/ui/page-header.tsx'
import {
  confirmMyEmail,
  getMyAccount,
  getMyCreditApplicationPdf,
} from '../features/account/api/my-account.ts'
import { MyAccountView } from '../features/account/components/my-account-view.tsx'
import { failureMessage } from '../lib/api-client.ts'
import { useAuth } from '../lib/auth-context.ts'
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

type Page =
  | { state: 'loading' }
  | { state: 'ready'; account: MyAccount }
  | { state: 'failed'; message: string }

/** The customer's account area (issue 17), for any signed-in user (routes/private-layout.tsx). */
export default function MyAccountPage() {
  const { profile } = useAuth()
  const [page, setPage] = useState<Page>({ state: 'loading' })
  const load = useCallback(() => {
    setPage({ state: 'loading' })
    getMyAccount().then(
      (account) => setPage({ state: 'ready', account }),
      (error: unknown) =>
        setPage({ state: 'failed', message: failureMessage(error, MY_ACCOUNT_MESSAGES.loadFailed) }),
    )
  }, [])
  useEffect(load, [load])

  return (
    <>
      <PageHeader
        title="My Account"
        lead={
          profile?.firstName
            ? `Hello ${profile.firstName}: your quote requests, messages and credit applications, and where each stands.`
            : 'Your quote requests, messages and credit applications, and where each stands.'
        }
      />
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
