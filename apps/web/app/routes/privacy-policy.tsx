import { PageHeader } from '../components/ui/page-header.tsx'
import { TermsClauses } from '../components/ui/terms-clauses.tsx'
import { loadEditedPage } from '../features/content-pages/get-page.server.ts'
import { builtInPageMeta, MarkdownHtml } from '../features/content-pages/markdown-html.tsx'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { PRIVACY_POLICY_DATE, privacyPolicy } from '../site-content/privacy.ts'
import type { Route } from './+types/privacy-policy'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

/** The policy as staff last saved it in the back office, or null for the text that ships with the site. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadEditedPage(context.get(internalApiContext), 'privacy-policy')
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    ...builtInPageMeta('privacy-policy', args.loaderData?.edited),
    path: paths.privacyPolicy,
  })

/** The privacy policy (Australian Privacy Principles), linked from the footer and every form that collects. */
export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { edited } = loaderData
  return (
    <>
      <PageHeader
        title={edited?.title ?? 'Privacy Policy'}
        lead="How we look after the personal and credit information you give us, and what you can ask of us."
      />
      <section className="section">
        <div className="container terms-page">
          <div className="prose">
            {edited ? (
              <MarkdownHtml html={edited.html} />
            ) : (
              <>
                <p className="lead">In effect from {PRIVACY_POLICY_DATE}.</p>
                <TermsClauses clauses={privacyPolicy} label="Privacy Policy" />
              </>
            )}
          </div>
        </div>
      </section>
    </>
  )
}
