import { ServerErrorPage } from '../../components/ui/status-page.tsx'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/error-500'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Server Error',
    description: 'Something went wrong on our side.',
    path: paths.pages.error500,
    noIndex: true,
  })

/** Shown after a server error: our fault, with a link that reloads the site. */
export default function Error500Page() {
  return <ServerErrorPage />
}
