import { formatLongDate } from '@signalway/shared/business-time'
import {
  CREDIT_DRAFT_DAYS,
  CREDIT_DRAFT_MESSAGES,
  type CreditDraft,
  creditApplicationFromDraft,
} from '@signalway/shared/credit/drafts'
import { useEffect, useState } from 'react'
import { openCreditDraft } from '../../features/credit/api/drafts.ts'
import { CreditApplicationForm } from '../../features/credit/components/credit-application-form.tsx'
import { CreditPage } from '../../features/credit/components/credit-page.tsx'
import { LinkFailed } from '../../features/credit/components/link-failed.tsx'
import { failureMessage, isApiError } from '../../lib/api-client.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/resume'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Continue Your Application for Credit',
    description: 'Continue an application for credit saved earlier.',
    path: paths.applicationForCredit.index,
    noIndex: true,
  })

const NO_LINK = 'To continue a saved application, open the link in the email we sent you.'

type Opened =
  | { state: 'opening' }
  | { state: 'ready'; draft: CreditDraft }
  | { state: 'failed'; message: string }

/**
 * The emailed link to a saved application: the form opens with everything saved, files and
 * signatures included, in any browser. The token is read here and sent to the API in a request body.
 */
export default function ResumeCreditApplicationPage({ params }: Route.ComponentProps) {
  // Read once: the token then leaves the address bar (and so history, bookmarks and shared screens).
  const [token] = useState(() => params.token ?? '')
  const [opened, setOpened] = useState<Opened>(() =>
    token ? { state: 'opening' } : { state: 'failed', message: NO_LINK },
  )
  useEffect(() => {
    if (!token) return
    window.history.replaceState(window.history.state, '', paths.applicationForCredit.resume(''))
    let live = true
    openCreditDraft(token).then(
      (draft) => live && setOpened({ state: 'ready', draft }),
      (error: unknown) => {
        if (!live) return
        const known =
          isApiError(error) && (error.status === 404 || error.status === 410 || error.status === 400)
        setOpened({
          state: 'failed',
          message: known
            ? error.status === 410
              ? CREDIT_DRAFT_MESSAGES.expired
              : CREDIT_DRAFT_MESSAGES.invalid
            : failureMessage(error, 'Unable to open your saved application. Please try again.'),
        })
      },
    )
    return () => {
      live = false
    }
  }, [token])

  return (
    <CreditPage
      title="Continue Your Application for Credit"
      lead={
        opened.state === 'failed'
          ? undefined
          : 'Everything you saved is here, files and signatures included. Save again at any time, or sign and submit.'
      }
    >
      {opened.state === 'opening' ? (
        <p className="credit-page__intro" role="status">
          Opening your saved application…
        </p>
      ) : null}
      {opened.state === 'failed' ? <LinkFailed message={opened.message} /> : null}
      {opened.state === 'ready' ? (
        <>
          <p className="credit-page__intro">
            Saved for {opened.draft.email}. This link works until {formatLongDate(opened.draft.expiresAt)},
            and for {CREDIT_DRAFT_DAYS} days after each save.
          </p>
          <CreditApplicationForm
            defaultValues={creditApplicationFromDraft(opened.draft.values)}
            draftToken={opened.draft.token}
            // Submitted: a new, empty application (this link no longer opens anything).
            reload={() => window.location.assign(paths.applicationForCredit.index)}
          />
        </>
      ) : null}
    </CreditPage>
  )
}
