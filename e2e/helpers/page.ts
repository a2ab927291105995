import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'

/* What a page loaded and reported: for the pages shown before their app (ADR 028 to 030). */

/** The JavaScript files the page has asked for so far. */
export function scriptRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname)
  })
  return urls
}

/** The gzipped size of the JavaScript the page has received so far (at most 60 KB before interaction). */
export function scriptGzipBytes(page: Page): () => Promise<number> {
  const bodies: Promise<Buffer>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body())
  })
  return async () =>
    (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0)
}

/** Errors the page reported (a hydration mismatch is one). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}
