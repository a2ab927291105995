import { SimplePage } from '../../components/ui/page-header.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/terms-of-hire'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Terms and Conditions of Hire',
    description: 'The terms and conditions of hire that apply to Signalway Traffic Hire credit accounts.',
    path: paths.applicationForCredit.terms,
  })

export default function TermsOfHirePage() {
  return (
    <SimplePage
      title="Terms and Conditions of Hire"
      lead="The full hire contract that applies to every credit account, in 10 clauses."
    />
  )
}
