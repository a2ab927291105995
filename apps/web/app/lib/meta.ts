import type { MetaDescriptor } from 'react-router'
import { DEFAULT_PUBLIC_CONFIG, PRODUCT_NAME, type PublicConfig } from './config.ts'

/** Document title of a page: '<Page> | Signalway Traffic Hire'; the product name alone without a page. */
export function pageTitle(page?: string, siteName: string = PRODUCT_NAME): string {
  return page ? `${page} | ${siteName}` : siteName
}

export interface PageMetaInput {
  /** Page name, e.g. 'About'; the document title becomes 'About | Signalway Traffic Hire'. */
  title?: string
  description: string
  /** Path of the canonical URL, e.g. paths.about. */
  path: string
  /** Absolute site origin from the public config. */
  siteUrl: string
  siteName?: string
  /**
   * Raster image (PNG or JPEG; social networks ignore SVG) for Open Graph / Twitter cards,
   * absolute or site-relative. Defaults to the 1200x630 site card.
   */
  image?: SocialImage | string
  /** Open Graph type; 'website' unless the page is an article (a news item). */
  type?: 'website' | 'article'
  /** Pages that must not be indexed (errors, account and admin screens). */
  noIndex?: boolean
}

export interface SocialImage {
  src: string
  width?: number
  height?: number
  alt?: string
}

/** The default social card: public/images/og-default.png, rendered from an SVG drawing. */
export const DEFAULT_SOCIAL_IMAGE: SocialImage = {
  src: '/images/og-default.png',
  width: 1200,
  height: 630,
  alt: 'Signalway Traffic Hire: traffic equipment hire in Victoria and Queensland, 24 hours a day, 7 days a week',
}

function absolute(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  return `${siteUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** Title, description, canonical link, Open Graph and Twitter tags for one page. */
export function buildMeta(input: PageMetaInput): MetaDescriptor[] {
  const siteName = input.siteName ?? PRODUCT_NAME
  const title = pageTitle(input.title, siteName)
  const url = absolute(input.siteUrl, input.path)
  const meta: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: 'en_AU' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
  ]
  const image: SocialImage =
    typeof input.image === 'string' ? { src: input.image } : (input.image ?? DEFAULT_SOCIAL_IMAGE)
  const imageUrl = absolute(input.siteUrl, image.src)
  meta.push({ property: 'og:image', content: imageUrl }, { name: 'twitter:image', content: imageUrl })
  if (image.width && image.height) {
    meta.push(
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
    )
  }
  if (image.alt) {
    meta.push(
      { property: 'og:image:alt', content: image.alt },
      { name: 'twitter:image:alt', content: image.alt },
    )
  }
  if (input.noIndex) meta.push({ name: 'robots', content: 'noindex' })
  return meta
}

interface MetaMatchLike {
  id: string
  loaderData?: unknown
}

/** The public config from the root loader, as seen by a route's `meta` through `matches`. */
export function configFromMatches(matches: ReadonlyArray<MetaMatchLike | undefined>): PublicConfig {
  const root = matches.find((match) => match?.id === 'root')
  const config = (root?.loaderData as { config?: PublicConfig } | undefined)?.config
  return config ?? DEFAULT_PUBLIC_CONFIG
}

interface RouteMetaArgs {
  matches: ReadonlyArray<MetaMatchLike | undefined>
  location: { pathname: string }
}

/**
 * The one call a route's `meta` export makes:
 * `export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: 'About', description, path: paths.about })`.
 * The canonical path defaults to the current pathname.
 */
export function routeMeta(
  args: RouteMetaArgs,
  page: Omit<PageMetaInput, 'siteUrl' | 'siteName' | 'path'> & { path?: string },
): MetaDescriptor[] {
  const config = configFromMatches(args.matches)
  return buildMeta({
    ...page,
    path: page.path ?? args.location.pathname,
    siteUrl: config.siteUrl,
    siteName: config.siteName,
  })
}
