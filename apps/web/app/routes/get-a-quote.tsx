import { SimplePage } from '../components/ui/page-header.tsx'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/get-a-quote'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Get a Quote',
    description:
      'Request a quote for traffic equipment hire: arrow boards, VMS boards, portable traffic lights, attenuators, trucks and utes.',
    path: paths.getAQuote,
  })

export default function GetAQuotePage() {
  return (
    <SimplePage title="Get a Quote" lead="Tell us which equipment you need and we will send you a quote." />
  )
}
