import type { CreditApplicationFormDefaults } from '@signalway/shared'
import { formatLongDate } from '@signalway/shared/business-time'
import { creditApplicationFromDraft } from '@signalway/shared/credit/drafts'
import { SIGNING_MESSAGES, type SigningStatus } from '@signalway/shared/credit/signing'
import { useCallback, useEffect, useState } from 'react'
import {
  changeSignerEmail,
  getSignedPdf,
  getSigningApplication,
  getSigningStatus,
  resendSigningRequest,
} from '../../features/credit/api/signing.ts'
import { CreditApplicationForm } from '../../features/credit/components/credit-application-form.tsx'
import { CreditPage } from '../../features/credit/components/credit-page.tsx'
import { LinkFailed } from '../../features/credit/components/link-failed.tsx'
import { SigningStatusView } from '../../features/credit/components/signing-status.tsx'
import { useLinkToken } from '../../features/credit/link-token.ts'
import { failureMessage, isApiError } from '../../lib/api-client.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { saveBlob } from '../../lib/save-blob.ts'
import type { Route } from './+types/signing-status'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Signatures for Your Application for Credit',
    description: 'Follow the signatures of an application for credit sent for signing.',
    path: paths.applicationForCredit.index,
    noIndex: true,
  })

const NO_LINK = 'To see the signatures, open the link in the email we sent you.'
/**
 * While signatures are awaited, the page looks again this often, only while it is shown: 30 an hour, within the
 * status call's rate limit (SIGNING_STATUS_RATE_LIMIT) with room for the page's own calls.
 */
const REFRESH_MS = 120_000

type Page =
  | { state: 'opening' }
  | { state: 'ready'; status: SigningStatus }
  | { state: 'changing'; status: SigningStatus; values: CreditApplicationFormDefaults }
  | { state: 'failed'; message: string }

/**
 * The status page of an application sent for signing, from the link emailed to the person
 * completing it: who has signed, resend or redirect a request, change the application, and the signed PDF.
 */
export default function SigningStatusPage({ params }: Route.ComponentProps) {
  const token = useLinkToken(params.token, 'credit-signing-status', paths.applicationForCredit.status(''))
  const [page, setPage] = useState<Page>({ state: 'opening' })

  const fail = useCallback((error: unknown) => {
    const known = isApiError(error) && [400, 404].includes(error.status)
    setPage({
      state: 'failed',
      message: known
        ? SIGNING_MESSAGES.invalidStatus
        : failureMessage(error, 'Unable to open the signatures. Please try again.'),
    })
  }, [])

  const refresh = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}) => {
      try {
        const status = await getSigningStatus(token)
        setPage((current) => (current.state === 'changing' ? current : { state: 'ready', status }))
      } catch (error) {
        // A background refresh that fails (offline, busy) leaves what is shown; the next one tries again.
        if (!quiet) fail(error)
      }
    },
    [token, fail],
  )

  useEffect(() => {
    if (!token) {
      setPage({ state: 'failed', message: NO_LINK })
      return
    }
    void refresh()
  }, [token, refresh])

  // New signatures show up without a reload while the page is in view.
  const waiting = page.state === 'ready' && page.status.submitted === null
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh({ quiet: true })
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [waiting, refresh])

  return (
    <CreditPage
      title="Signatures for Your Application for Credit"
      lead={
        page.state === 'ready' && !page.status.submitted
          ? `This page works until ${formatLongDate(page.status.expiresAt)}.`
          : undefined
      }
    >
      {page.state === 'opening' ? (
        <p className="credit-page__intro" role="status">
          Opening…
        </p>
      ) : null}
      {page.state === 'failed' ? <LinkFailed message={page.message} /> : null}
      {page.state === 'ready' ? (
        <SigningStatusView
          status={page.status}
          resend={async (signerId) => {
            setPage({ state: 'ready', status: await resendSigningRequest(token, signerId) })
          }}
          changeEmail={async (signerId, email) => {
            setPage({ state: 'ready', status: await changeSignerEmail(token, signerId, email) })
          }}
          download={async () => {
            const pdf = await getSignedPdf(token)
            saveBlob(pdf, `credit-application-${page.status.submitted?.reference ?? 'signed'}.pdf`)
          }}
          change={() => {
            const status = page.status
            getSigningApplication(token).then(
              ({ values }) =>
                setPage({ state: 'changing', status, values: creditApplicationFromDraft(values) }),
              fail,
            )
          }}
        />
      ) : null}
      {page.state === 'changing' ? (
        <>
          <p className="credit-page__intro">
            Change the application below and send it again. Anyone who signed before the change will be asked
            to sign again.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => setPage({ state: 'ready', status: page.status })}
            >
              Leave it as it is
            </button>
          </p>
          <CreditApplicationForm
            defaultValues={page.values}
            statusToken={token}
            onSigningStarted={() => {
              setPage({ state: 'opening' })
              void refresh()
              window.scrollTo({ top: 0 })
            }}
          />
        </>
      ) : null}
    </CreditPage>
  )
}
