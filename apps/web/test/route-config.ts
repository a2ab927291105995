import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../app/routes.ts'

/** A page of `app/routes.ts`: its route id (as `useMatches()` gives it) and its path pattern from the root. */
export interface PageRoute {
  id: string
  /** The pattern with a leading slash: '/about/', '/admin/update-user/:id', '/' for the index. */
  pattern: string
  file: string
}

function routeId(entry: RouteConfigEntry): string {
  return entry.id ?? entry.file.replace(/\.[^./]+$/, '')
}

/**
 * Every route of `app/routes.ts` that renders a page: the leaves of its tree, without the resource routes
 * (sitemap.xml, robots.txt: `.ts` modules that answer with data, not a page).
 */
export function pageRoutes(): PageRoute[] {
  const pages: PageRoute[] = []
  const walk = (entries: readonly RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const path = entry.path === undefined ? prefix : `${prefix}${entry.path}`
      if (entry.children?.length) walk(entry.children, path)
      else if (entry.file.endsWith('.tsx'))
        pages.push({ id: routeId(entry), pattern: `/${path}`, file: entry.file })
    }
  }
  walk(routes, '')
  return pages
}
