import { PageHeader } from '../../components/ui/page-header.tsx'
import { CreditApplicationForm } from '../../features/credit/components/credit-application-form.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/application-for-credit'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Application for Credit',
    description:
      'Apply online for a Signalway Traffic Hire credit account; a signed copy is returned to you as a PDF.',
    path: paths.applicationForCredit.index,
  })

/** Application for Credit (SPEC.md §2, §4): the four-section form; the signed PDF comes back. */
export default function ApplicationForCreditPage() {
  return (
    <>
      <PageHeader
        title="Application for Credit"
        lead="Apply for a business credit account online and receive your signed application as a PDF."
      />
      <section className="section">
        <div className="container credit-page">
          <p className="credit-page__intro">
            Complete the four sections below, sign, and submit. Your signed application downloads as a PDF
            straight away, and our accounts team will be in touch once it has been assessed.
          </p>
          <CreditApplicationForm />
        </div>
      </section>
    </>
  )
}
