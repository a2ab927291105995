import { SimplePage } from '../components/ui/page-header.tsx'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/terms-and-conditions'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Terms and Conditions',
    description: 'The terms and conditions you accept when you register a Signalway Traffic Hire account.',
    path: paths.termsAndConditions,
  })

export default function TermsAndConditionsPage() {
  return (
    <SimplePage
      title="Terms and Conditions"
      lead="The terms you accept when you register an account with us."
    />
  )
}
