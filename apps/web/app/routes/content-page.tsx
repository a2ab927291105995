import { MESSAGES } from '@signalway/shared'
import { data, redirect } from 'react-router'
import { NotFound } from '../components/ui/not-found.tsx'
import { SimplePage } from '../components/ui/page-header.tsx'
import { getContentPage } from '../features/content-pages/get-page.server.ts'
import { MarkdownHtml } from '../features/content-pages/markdown-html.tsx'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { routeMeta } from '../lib/meta.ts'
import { pageNameFromPath } from '../lib/page-name.ts'
import type { Route } from './+types/content-page'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

/**
 * Any path no other route claims (requirements §2): a content page whose name is the lowercased
 * path without leading and trailing slashes. An unknown name answers 404 'Page Not Found'.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url)
  const name = pageNameFromPath(pathname)
  const page = name === '' ? null : await getContentPage(context.get(internalApiContext), name)
  if (!page) {
    return data(
      { found: false as const, name, title: MESSAGES.pageNotFound, description: '', html: '' },
      { status: 404 },
    )
  }
  // One URL per page: an existing page asked for without its trailing slash answers 301 to the
  // slashed path (its canonical link names the lower-case one). Unknown names are not redirected.
  if (!pathname.endsWith('/')) throw redirect(`${pathname}/${search}`, 301)
  return {
    found: true as const,
    name,
    title: page.title,
    description: page.description,
    html: page.html,
  }
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData
  if (!page?.found) {
    return routeMeta(args, {
      title: MESSAGES.pageNotFound,
      description: 'The page you are looking for cannot be found.',
      noIndex: true,
    })
  }
  return routeMeta(args, { title: page.title, description: page.description, path: `/${page.name}/` })
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <NotFound />
  return (
    <SimplePage title={loaderData.title} lead={loaderData.description || undefined}>
      <MarkdownHtml html={loaderData.html} />
    </SimplePage>
  )
}
