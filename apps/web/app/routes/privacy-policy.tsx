import { PageHeader } from '../components/ui/page-header.tsx'
import { TermsClauses } from '../components/ui/terms-clauses.tsx'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { PRIVACY_POLICY_DATE, privacyPolicy } from '../site-content/privacy.ts'
import type { Route } from './+types/privacy-policy'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Privacy Policy',
    description:
      'What personal and credit information Signalway Traffic Hire collects, why, who it is shared with, and how to see, correct or complain about it.',
    path: paths.privacyPolicy,
  })

/** The privacy policy (Australian Privacy Principles), linked from the footer and every form that collects. */
export default function PrivacyPolicyPage() {
  return (
    <>
      <PageHeader
        title="Privacy Policy"
        lead="How we look after the personal and credit information you give us, and what you can ask of us."
      />
      <section className="section">
        <div className="container terms-page">
          <div className="prose">
            <p className="lead">In effect from {PRIVACY_POLICY_DATE}.</p>
            <TermsClauses clauses={privacyPolicy} label="Privacy Policy" />
          </div>
        </div>
      </section>
    </>
  )
}
