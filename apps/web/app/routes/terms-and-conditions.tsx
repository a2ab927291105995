import { Link } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { TermsClauses } from '../components/ui/terms-clauses.tsx'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { registrationTerms } from '../site-content/terms.ts'
import type { Route } from './+types/terms-and-conditions'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Terms and Conditions',
    description: 'The terms and conditions you accept when you register a Signalway Traffic Hire account.',
    path: paths.termsAndConditions,
  })

/** The registration terms (the link target of the Register page's terms checkbox). */
export default function TermsAndConditionsPage() {
  return (
    <>
      <PageHeader
        title="Terms and Conditions"
        lead="The rules for using this website and the Signalway account you register on it."
      />
      <section className="section">
        <div className="container terms-page">
          <div className="prose">
            <p className="lead">
              The hire of equipment is governed by our{' '}
              <Link to={paths.applicationForCredit.terms}>Terms and Conditions of Hire</Link>.
            </p>
            <TermsClauses clauses={registrationTerms} label="Terms and Conditions" />
          </div>
        </div>
      </section>
    </>
  )
}
