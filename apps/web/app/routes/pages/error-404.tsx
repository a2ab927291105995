import { StatusPage } from '../../components/ui/status-page.tsx'
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

/** Shown when a page cannot be found; the link reloads the site from the home page. */
export default function Error404Page() {
  return (
    <StatusPage
      code="404"
      title="Page Not Found"
      actions={
        <a className="button button--primary" href={paths.home}>
          Reload the site
        </a>
      }
    >
      <p>Sorry, we cannot find the page you are looking for. It may have moved or no longer exist.</p>
    </StatusPage>
  )
}
