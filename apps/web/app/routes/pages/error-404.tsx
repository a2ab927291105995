import { NotFound } from '../../components/ui/not-found.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/error-404'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Page Not Found',
    description: 'The page you are looking for cannot be found.',
    path: paths.pages.error404,
    noIndex: true,
  })

/** Shown when a page cannot be found: the site's one Page Not Found. */
export default function Error404Page() {
  return <NotFound />
}
