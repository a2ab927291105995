/**
 * zod compiles fast parsers with `new Function` when it can, and decides so when a schema is
 * created: the probe alone is an 'unsafe-eval' violation of the page's CSP (Lighthouse best
 * practices). In the browser every schema is therefore interpreted (the forms' schemas are small).
 *
 * The root route imports this module first, so it runs before any module creates a schema,
 * including the schemas a form loads later. zod keeps its configuration on `globalThis` (shared by
 * every copy of zod, created on first use), so this sets `z.config({ jitless: true })` without
 * loading any of zod (`zod-csp.test.ts` checks that zod reads it). Not on the server: its route
 * actions keep zod's compiled parsers.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined
}

if (typeof document !== 'undefined') {
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true })
}

export {}
