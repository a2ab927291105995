import { Link } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { TermsClauses } from '../components/ui/terms-clauses.tsx'
import { loadEditedPage } from '../features/content-pages/get-page.server.ts'
import { builtInPageMeta, MarkdownHtml } from '../features/content-pages/markdown-html.tsx'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { registrationTerms } from '../site-content/terms.ts'
import type { Route } from './+types/terms-and-conditions'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

/** The terms as staff last saved them in the back office, or null for the text that ships with the site. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadEditedPage(context.get(internalApiContext), 'terms-and-conditions')
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    ...builtInPageMeta('terms-and-conditions', args.loaderData?.edited),
    path: paths.termsAndConditions,
  })

/** The registration terms (the link target of the Register page's terms checkbox). */
export default function TermsAndConditionsPage({ loaderData }: Route.ComponentProps) {
  const { edited } = loaderData
  return (
    <>
      <PageHeader
        title={edited?.title ?? 'Terms and Conditions'}
        lead="The rules for using this website and the Signalway account you register on it."
      />
      <section className="section">
        <div className="container terms-page">
          <div className="prose">
            {edited ? (
              <MarkdownHtml html={edited.html} />
            ) : (
              <>
                <p className="lead">
                  The hire of equipment is governed by our{' '}
                  <Link to={paths.applicationForCredit.terms}>Terms and Conditions of Hire</Link>.
                </p>
                <TermsClauses clauses={registrationTerms} label="Terms and Conditions" />
              </>
            )}
          </div>
        </div>
      </section>
    </>
  )
}
