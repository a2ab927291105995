import { SITE } from '@signalway/shared'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { CreditReceipt } from '../../features/credit/api/submit-credit-application.ts'
import { CreditApplicationForm } from '../../features/credit/components/credit-application-form.tsx'
import { CreditConfirmation } from '../../features/credit/components/credit-confirmation.tsx'
import { CreditPage } from '../../features/credit/components/credit-page.tsx'
import { clearReceipt, readReceipt } from '../../features/credit/receipt.ts'
import { HYDRATE_ON_INTERACTION } from '../../lib/hydration.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/application-for-credit'

/** A visitor who only reads the page runs no app code: the form's app loads on the first interaction (ADR 011, ADR 026). */
export const handle = HYDRATE_ON_INTERACTION

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Application for Credit',
    description:
      'Apply online for a Signalway Traffic Hire credit account; a signed copy is returned to you as a PDF.',
    path: paths.applicationForCredit.index,
  })

/** Application for Credit (requirements §2, §4): the four-section form; the signed PDF comes back. */
export default function ApplicationForCreditPage() {
  // Read after hydration: the server never knows what this tab submitted.
  const [receipt, setReceipt] = useState<CreditReceipt | undefined>(undefined)
  useEffect(() => setReceipt(readReceipt()), [])
  return (
    <CreditPage
      title="Application for Credit"
      lead="Apply for a business credit account online and receive your signed application as a PDF."
    >
      <p className="credit-page__intro">
        Complete the four sections below, sign, and submit. Your signed application downloads as a PDF
        straight away, and our accounts team will be in touch once it has been assessed.
      </p>
      {receipt ? (
        <CreditConfirmation
          receipt={receipt}
          onNewApplication={() => {
            clearReceipt()
            setReceipt(undefined)
          }}
        />
      ) : null}
      <aside className="collection-notice" aria-labelledby="credit-collection-notice">
        <h2 id="credit-collection-notice" className="collection-notice__title">
          How we use the information in this application
        </h2>
        <p>
          {SITE.legalName} collects the details in this application, including the home addresses and driver's
          licence numbers of directors, partners, sole traders and guarantors, to assess the application,
          verify identities and run the account. By signing, the applicant and each guarantor consent to us
          obtaining credit reports from, and giving information about the account to, credit reporting bodies.
          Without this information we cannot assess the application.
        </p>
        <p>
          Our <Link to={paths.privacyPolicy}>Privacy Policy</Link> says who we share it with, how long we keep
          it, and how to see or correct it or make a complaint.
        </p>
      </aside>
      <CreditApplicationForm />
    </CreditPage>
  )
}
