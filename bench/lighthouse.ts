/**
 * npm run bench:lighthouse: Lighthouse (mobile default settings, simulated throttling) in Debian
 * Chromium against the production server, for the public pages. It builds nothing:
 * run `npm run build` first. The server is started the way the README starts it
 * (`npm run start:prod`, DEMO=1) on a temporary data folder and a free port.
 *
 * For each page Lighthouse runs N times (default 3), each in a fresh Chromium, and every figure is
 * the median of the runs:
 * the four category scores, LCP, TBT, CLS and the JavaScript the page loaded, both as transferred
 * (the server prefers Brotli) and as gzip (each script body gzipped at level 9, the usual
 * bundle-size measure). Targets: 100 in all four categories on every page (SEO excepted on the pages that are
 * deliberately noindex), home page JavaScript at most 100 KB gzip, and at most 60 KB on the account pages
 * before the first interaction. The private pages (the profile, the account area) are measured signed
 * in: a newly registered user's tokens are put in the browser's storage before each run, which keeps it. Every public page is measured (`--pages a,b` for some). On the pages that hydrate on the first interaction (ADR 011) it also measures,
 * N times, what that interaction costs (`lib/first-interaction.ts`); no target.
 *
 *   node bench/lighthouse.ts [--runs N] [--check]   (--check: exit 1 when a target is missed)
 *
 * Prints a table and writes bench/results/lighthouse.json.
 */
import { constants, gzipSync } from 'node:zlib'
import { SERVICES } from '@signalway/shared'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { argument } from './lib/args.ts'
import { firstInteractionMs } from './lib/first-interaction.ts'
import { writeResults } from './lib/results.ts'
import { startServer } from './lib/server.ts'
import { median } from './lib/stats.ts'
import { registerUsers, signInBody } from './lib/users.ts'

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const TARGET_SCORE = 100
const TARGET_HOME_JS_GZIP_KB = 100

interface BenchPage {
  name: string
  path: string
  /** Hydrates on the first interaction (ADR 011, ADR 026, ADR 027): the first interaction's cost is measured too. */
  hydratesOnInteraction?: boolean
  /** Deliberately kept out of search engines (noindex): the SEO score is not a target. */
  noIndex?: boolean
  /** An account page: at most ACCOUNT_JS_GZIP_KB of JavaScript before the first interaction. */
  account?: boolean
  /** A private page: measured signed in (a registered user's tokens in the browser's storage, as after a sign-in). */
  signedIn?: boolean
}

/** Every public page, then the account pages. */
const PAGES: readonly BenchPage[] = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about/' },
  { name: 'services', path: '/services/' },
  ...SERVICES.map((service) => ({ name: `service: ${service.slug}`, path: `/services/${service.slug}/` })),
  // An equipment type's page with its image (the demo fleet's), the largest paint on a phone.
  { name: 'equipment type', path: '/equipment-types/vms-board-full-matrix/' },
  // A unit's label page (what its QR code opens; a demo fleet number), with the fault report form: its canonical
  // link names its type's page (ADR 049).
  { name: 'equipment unit', path: '/equipment/VMS-0142/', hydratesOnInteraction: true },
  // The booking form as a visitor meets it from a service page: the offer to sign in or ask for a quote (ADR 048),
  // rendered by the server; it hydrates on the first interaction.
  { name: 'book', path: '/book/?service=vms-boards', hydratesOnInteraction: true, noIndex: true },
  { name: 'news', path: '/news/' },
  { name: 'faqs', path: '/faqs/' },
  { name: 'contact-us', path: '/contact-us/', hydratesOnInteraction: true },
  { name: 'get-a-quote', path: '/get-a-quote/', hydratesOnInteraction: true },
  { name: 'terms-and-conditions', path: '/terms-and-conditions/' },
  { name: 'privacy-policy', path: '/privacy-policy/' },
  { name: 'credit terms of hire', path: '/application-for-credit/terms-and-conditions/' },
  { name: 'register', path: '/register/', hydratesOnInteraction: true, noIndex: true, account: true },
  { name: 'login', path: '/login/', hydratesOnInteraction: true, noIndex: true, account: true },
  {
    name: 'forgot-password',
    path: '/forgot-password/',
    hydratesOnInteraction: true,
    noIndex: true,
    account: true,
  },
  {
    name: 'application-for-credit',
    path: '/application-for-credit/',
    hydratesOnInteraction: true,
    account: true,
  },
  // Without a token: the invalid text, rendered by the server (ADR 027), as a used link shows.
  {
    name: 'reset-password',
    path: '/reset-password/',
    hydratesOnInteraction: true,
    noIndex: true,
    account: true,
  },
  // The private pages, signed in.
  // Shown by its enhancement script, hydrated on the first interaction (ADR 028).
  {
    name: 'update-profile',
    path: '/update-profile/',
    hydratesOnInteraction: true,
    noIndex: true,
    account: true,
    signedIn: true,
  },
  // Shown by its enhancement script too, hydrated on the first interaction (ADR 030).
  {
    name: 'my-account',
    path: '/my-account/',
    hydratesOnInteraction: true,
    noIndex: true,
    account: true,
    signedIn: true,
  },
]
const ACCOUNT_JS_GZIP_KB = 60
/** Where the web app keeps a sign-in (apps/web/app/lib/auth-storage.ts, requirements §3). */
const AUTH_STORAGE_KEY = 'signalway.auth'

interface StoredSignIn {
  origin: string
  tokens: { access_token: string; refresh_token: string; expires_in: number }
}

type Category = (typeof CATEGORIES)[number]

interface RunFigures {
  scores: Record<Category, number>
  lcpMs: number
  tbtMs: number
  cls: number
  jsTransferBytes: number
  jsGzipBytes: number
  scripts: number
  /** Failed audits (score < 1) of the run, for fixing. */
  flagged: string[]
}

interface PageResult extends Omit<RunFigures, 'flagged'> {
  page: string
  path: string
  runs: number
  flagged: string[]
  /** A page that hydrates on the first interaction: focus to hydrated, 4x CPU, median (ms). */
  firstInteractionMs?: number
}

/** The body of a script as gzip at level 9, cached by URL (hashed assets do not change). */
const gzipSizes = new Map<string, number>()
async function gzipSize(url: string): Promise<number> {
  const cached = gzipSizes.get(url)
  if (cached !== undefined) return cached
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
  const body = Buffer.from(await response.arrayBuffer())
  const size = gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length
  gzipSizes.set(url, size)
  return size
}

interface NetworkItem {
  url: string
  resourceType?: string
  transferSize?: number
  mimeType?: string
}

async function runOnce(url: string, port: number, signIn?: StoredSignIn): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // A signed-in run keeps the sign-in put in the browser's storage before it.
    ...(signIn ? { disableStorageReset: true } : {}),
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN

  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
    ?.items ?? []) as NetworkItem[]
  const scripts = requests.filter((item) => item.resourceType === 'Script')
  let jsGzipBytes = 0
  for (const script of scripts) jsGzipBytes += await gzipSize(script.url)

  const flagged: string[] = []
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 1) continue
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue
      if (ref.weight === 0 && category !== 'performance') continue
      const items = (audit.details as { items?: { description?: string; url?: string }[] } | undefined)?.items
      const what =
        ref.id === 'errors-in-console' || ref.id === 'inspector-issues'
          ? (items ?? []).map((item) => item.description ?? item.url ?? '').join('; ')
          : String(audit.displayValue ?? audit.score)
      flagged.push(`${category}/${ref.id} (${what.slice(0, 300)})`)
    }
  }

  return {
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsTransferBytes: scripts.reduce((sum, script) => sum + (script.transferSize ?? 0), 0),
    jsGzipBytes,
    scripts: scripts.length,
    flagged,
  }
}

/**
 * One run in a fresh Chromium (no cache, no state carried over from the previous page). Lighthouse
 * now and then fails to record a trace on a busy machine (NO_NAVSTART): try again twice.
 */
async function runWithRetry(url: string, signIn?: StoredSignIn): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS })
    try {
      if (signIn) await storeSignIn(chrome.port, signIn)
      return await runOnce(url, chrome.port, signIn)
    } catch (error) {
      if (attempt >= 3) throw error
      console.warn(`${url}: ${(error as Error).message}; retrying`)
    } finally {
      chrome.kill()
    }
  }
}

/** The sign-in as the web app stores it (its expiry as a time). */
function storedTokens({ tokens }: StoredSignIn): string {
  return JSON.stringify({ ...tokens, expires_at: Date.now() + tokens.expires_in * 1000 })
}

/** Puts the sign-in in the fresh Chromium's storage for the site, as the web app stores it after a sign-in. */
async function storeSignIn(port: number, { origin, tokens }: StoredSignIn): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext())
    const page = await context.newPage()
    await page.goto(`${origin}/robots.txt`)
    await page.evaluate(
      ([key, value]) => {
        ;(
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem(key, value)
      },
      [AUTH_STORAGE_KEY, storedTokens({ origin, tokens })] as const,
    )
    await page.close()
  } finally {
    // Connected, not launched: this disconnects and leaves the browser (and its storage) to Lighthouse.
    await browser.close()
  }
}

function summarise(page: BenchPage, runs: RunFigures[]): PageResult {
  const pick = (get: (run: RunFigures) => number) => median(runs.map(get))
  const flagged = [...new Set(runs.flatMap((run) => run.flagged))].sort()
  return {
    page: page.name,
    path: page.path,
    runs: runs.length,
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, pick((run) => run.scores[category])]),
    ) as Record<Category, number>,
    lcpMs: Math.round(pick((run) => run.lcpMs)),
    tbtMs: Math.round(pick((run) => run.tbtMs)),
    cls: Number(pick((run) => run.cls).toFixed(4)),
    jsTransferBytes: pick((run) => run.jsTransferBytes),
    jsGzipBytes: pick((run) => run.jsGzipBytes),
    scripts: pick((run) => run.scripts),
    flagged,
  }
}

/** A newly registered user's sign-in (registration answers tokens), for the private pages. */
async function newSignIn(origin: string, pageName: string): Promise<StoredSignIn> {
  const [user] = await registerUsers(origin, {
    count: 1,
    emailPrefix: `lighthouse-${pageName}-${Date.now()}`,
    firstName: 'Lighthouse',
  })
  if (!user) throw new Error('No user registered')
  const tokens = await (
    await fetch(`${origin}/api/v1/core/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signInBody(user),
    })
  ).json()
  return { origin, tokens: tokens as StoredSignIn['tokens'] }
}

async function main() {
  const runs = Math.max(1, Number(argument('--runs') ?? 3))
  // --pages login,register: only those (by name or path), e.g. while working on them.
  const only = argument('--pages')
    ?.split(',')
    .map((value) => value.trim())
  const pages = only ? PAGES.filter((page) => only.includes(page.name) || only.includes(page.path)) : PAGES
  const server = await startServer({ name: 'lighthouse' })
  const results: PageResult[] = []
  try {
    for (const page of pages) {
      const url = `${server.baseUrl}${page.path}`
      // One request first, so the first measured run does not pay for cold server-side caches.
      await (await fetch(url)).arrayBuffer()
      const signIn = page.signedIn ? await newSignIn(server.baseUrl, page.name) : undefined
      const figures: RunFigures[] = []
      for (let run = 0; run < runs; run++) figures.push(await runWithRetry(url, signIn))
      const result = summarise(page, figures)
      if (page.hydratesOnInteraction) {
        const storage = signIn ? { key: AUTH_STORAGE_KEY, value: storedTokens(signIn) } : undefined
        result.firstInteractionMs = Math.round(
          median(await firstInteractionMs(url, runs, CHROME_PATH, storage)),
        )
      }
      results.push(result)
      console.info(
        `${page.name}: ${CATEGORIES.map((category) => result.scores[category]).join('/')}` +
          ` LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls},` +
          ` JS ${(result.jsGzipBytes / 1024).toFixed(1)} KB gzip` +
          (result.firstInteractionMs === undefined
            ? ''
            : `, first interaction to hydrated ${result.firstInteractionMs} ms (4x CPU)`),
      )
    }
  } finally {
    await server.stop()
    server.removeData()
  }

  // biome-ignore lint/suspicious/noConsole: the benchmark's report is this table.
  console.table(
    results.map((result) => ({
      page: result.page,
      perf: result.scores.performance,
      a11y: result.scores.accessibility,
      'best-pr.': result.scores['best-practices'],
      seo: result.scores.seo,
      'LCP ms': result.lcpMs,
      'TBT ms': result.tbtMs,
      CLS: result.cls,
      'JS KB gzip': Number((result.jsGzipBytes / 1024).toFixed(1)),
      'JS KB sent': Number((result.jsTransferBytes / 1024).toFixed(1)),
      '1st input ms': result.firstInteractionMs ?? '',
    })),
  )
  for (const result of results) {
    if (result.flagged.length > 0) console.info(`${result.page} flagged: ${result.flagged.join(', ')}`)
  }

  const home = results.find((result) => result.path === '/')
  const pageOf = (result: PageResult) => PAGES.find((page) => page.path === result.path)
  const scoresMet = results.every((result) =>
    CATEGORIES.every((c) => (c === 'seo' && pageOf(result)?.noIndex) || result.scores[c] >= TARGET_SCORE),
  )
  const accountJsMet = results.every(
    (result) => !pageOf(result)?.account || result.jsGzipBytes <= ACCOUNT_JS_GZIP_KB * 1024,
  )
  const jsMet = (home === undefined || home.jsGzipBytes <= TARGET_HOME_JS_GZIP_KB * 1024) && accountJsMet
  const written = writeResults('lighthouse', {
    date: new Date().toISOString(),
    node: process.version,
    chromium: CHROME_PATH,
    settings: 'Lighthouse default (mobile, simulated throttling)',
    runsPerPage: runs,
    targets: {
      score: TARGET_SCORE,
      homeJsGzipKb: TARGET_HOME_JS_GZIP_KB,
      accountJsGzipKb: ACCOUNT_JS_GZIP_KB,
      seoNotTargetedOn: PAGES.filter((page) => page.noIndex).map((page) => page.path),
    },
    targetsMet: { scores: scoresMet, js: jsMet },
    results,
  })
  console.info(`Written to ${written}`)
  if (process.argv.includes('--check') && !(scoresMet && jsMet)) process.exitCode = 1
}

await main()
