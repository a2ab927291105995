import { SimplePage } from '../components/ui/page-header.tsx'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/faqs'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'FAQs',
    description: 'Answers to common questions about hiring traffic equipment from Signalway Traffic Hire.',
    path: paths.faqs,
  })

export default function FaqsPage() {
  return (
    <SimplePage
      title="Frequently Asked Questions"
      lead="Answers to common questions about hiring our equipment, with a search box to find them."
    />
  )
}
