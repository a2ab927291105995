import { Link } from 'react-router'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { TermsClauses } from '../../components/ui/terms-clauses.tsx'
import { STATIC_PAGE } from '../../lib/hydration.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { hireTerms } from '../../site-content/terms.ts'
import type { Route } from './+types/terms-of-hire'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Terms and Conditions of Hire',
    description:
      'The Signalway Traffic Hire terms and conditions of hire: payment within 30 days, tolls, collection, damage and accidents, disputes and governing law.',
    path: paths.applicationForCredit.terms,
  })

/** Terms and Conditions of Hire (requirements §2): the full hire contract in 10 clauses. */
export default function TermsOfHirePage() {
  return (
    <>
      <PageHeader
        title="Terms and Conditions of Hire"
        lead="What we both agree to when you hire from us. Please read them before you apply for credit."
      />
      <section className="section">
        <div className="container terms-page">
          <div className="prose">
            <p className="lead">
              These terms form part of every quote, hire docket and credit account. You agree to them when you
              sign the <Link to={paths.applicationForCredit.index}>Application for Credit</Link>.
            </p>
            <TermsClauses clauses={hireTerms} label="Terms and Conditions of Hire" />
          </div>
        </div>
      </section>
    </>
  )
}
