import { formatLongDate } from '@signalway/shared/business-time'
import { SIGNING_MESSAGES, type SigningRequestView } from '@signalway/shared/credit/signing'
import { useCallback, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { declineToSign, getSigningRequest, signApplication } from '../../features/credit/api/signing.ts'
import { CreditPage } from '../../features/credit/components/credit-page.tsx'
import { SignerDocument } from '../../features/credit/components/signer-form.tsx'
import { useLinkToken } from '../../features/credit/link-token.ts'
import { failureMessage, isApiError } from '../../lib/api-client.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/sign'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Sign the Application for Credit',
    description: 'Read and sign an application for credit you were asked to sign.',
    path: paths.applicationForCredit.index,
    noIndex: true,
  })

const NO_LINK = 'To sign, open the link in the email you were sent.'

type Page =
  | { state: 'opening' }
  | { state: 'ready'; view: SigningRequestView; notice?: string }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string }

/** A page's words for a view that is not waiting for this signer. */
function closedMessage(view: SigningRequestView): string | undefined {
  if (view.state === 'submitted') return SIGNING_MESSAGES.submitted
  if (view.state === 'signed') return SIGNING_MESSAGES.alreadySigned
  if (view.state === 'declined') return SIGNING_MESSAGES.alreadyDeclined
  return undefined
}

/**
 * A signer's emailed link: the application to read, the terms, the guarantee for a Pty Ltd, and the
 * signature, on the signer's own device. The token is sent to the API in request bodies only.
 */
export default function SignCreditApplicationPage({ params }: Route.ComponentProps) {
  const token = useLinkToken(params.token, 'credit-signing-link', paths.applicationForCredit.sign(''))
  const [page, setPage] = useState<Page>({ state: 'opening' })

  const load = useCallback(
    async (notice?: string) => {
      try {
        const view = await getSigningRequest(token)
        const closed = closedMessage(view)
        setPage(
          closed
            ? { state: 'done', message: closed }
            : { state: 'ready', view, ...(notice ? { notice } : {}) },
        )
      } catch (error) {
        const known = isApiError(error) && [400, 404, 410].includes(error.status)
        setPage({
          state: 'failed',
          message: known
            ? isApiError(error) && error.status === 410
              ? SIGNING_MESSAGES.expiredRequest
              : SIGNING_MESSAGES.invalidRequest
            : failureMessage(error, 'Unable to open the application. Please try again.'),
        })
      }
    },
    [token],
  )

  useEffect(() => {
    if (!token) {
      setPage({ state: 'failed', message: NO_LINK })
      return
    }
    void load()
  }, [token, load])

  const view = page.state === 'ready' ? page.view : undefined
  return (
    <CreditPage
      title="Sign the Application for Credit"
      lead={view ? `For ${view.signer.name}, as ${view.signer.role.toLowerCase()}.` : undefined}
    >
      {page.state === 'opening' ? (
        <p className="credit-page__intro" role="status">
          Opening the application…
        </p>
      ) : null}
      {page.state === 'failed' ? (
        <div className="credit-resume__failed" role="alert">
          <p>{page.message}</p>
          <p>
            <Link to={paths.home} className="button button--primary">
              Go to the Home Page
            </Link>
          </p>
        </div>
      ) : null}
      {page.state === 'done' ? (
        <div className="signing-done" role="status">
          <p>{page.message}</p>
        </div>
      ) : null}
      {page.state === 'ready' ? (
        <>
          {page.notice ? (
            <p className="signing-notice" role="alert">
              {page.notice}
            </p>
          ) : null}
          {page.view.changedAfterSigning ? (
            <p className="signing-notice">{SIGNING_MESSAGES.changedForSigner}</p>
          ) : null}
          <p className="credit-page__intro">
            Please read the application below, then sign it. This link works until{' '}
            {formatLongDate(page.view.expiresAt)}.
          </p>
          <SignerDocument
            key={page.view.textSha256}
            view={page.view}
            sign={async (signature) => {
              try {
                const result = await signApplication({
                  token,
                  textSha256: page.view.textSha256,
                  agree: true,
                  ...signature,
                })
                setPage({
                  state: 'done',
                  message: result.submitted ? SIGNING_MESSAGES.signedAndSubmitted : SIGNING_MESSAGES.signed,
                })
                window.scrollTo({ top: 0 })
              } catch (error) {
                // The application changed while it was read: show the new text, and say why.
                if (
                  isApiError(error) &&
                  error.status === 409 &&
                  error.message === SIGNING_MESSAGES.textChanged
                ) {
                  await load(SIGNING_MESSAGES.textChanged)
                  window.scrollTo({ top: 0 })
                  return
                }
                throw error
              }
            }}
            decline={async (reason) => {
              await declineToSign(token, reason)
              setPage({ state: 'done', message: SIGNING_MESSAGES.declined })
              window.scrollTo({ top: 0 })
            }}
          />
        </>
      ) : null}
    </CreditPage>
  )
}
