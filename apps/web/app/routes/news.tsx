import { SimplePage } from '../components/ui/page-header.tsx'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/news'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'News',
    description:
      'The latest news from Signalway Traffic Hire: new equipment, projects and updates from our Victorian and Queensland teams.',
    path: paths.news,
  })

export default function NewsPage() {
  return <SimplePage title="News" lead="Dated news from Signalway Traffic Hire, newest first." />
}
