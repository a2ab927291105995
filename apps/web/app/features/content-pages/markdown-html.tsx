import { BUILT_IN_PAGES, type BuiltInPageName } from '@signalway/shared/site-pages'

/** What a page saved in the back office shows: its title and description, and its rendered text. */
export interface EditedPage {
  title: string
  description: string
  html: string
}

/** A built-in page's title and description: as saved, or as shipped. */
export function builtInPageMeta(name: BuiltInPageName, edited: EditedPage | null | undefined) {
  const shipped = BUILT_IN_PAGES[name]
  return { title: edited?.title ?? shipped.title, description: edited?.description ?? shipped.description }
}

/** Markdown rendered by the API with raw HTML disabled: no script can be in it. */
export function MarkdownHtml({
  html,
  className = 'content-page__body',
}: {
  html: string
  className?: string
}) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
