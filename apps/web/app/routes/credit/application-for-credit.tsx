import { SimplePage } from '../../components/ui/page-header.tsx'
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

export default function ApplicationForCreditPage() {
  return (
    <SimplePage
      title="Application for Credit"
      lead="Apply for a business credit account online and receive your signed application as a PDF."
    />
  )
}
