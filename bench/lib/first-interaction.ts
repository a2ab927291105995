/**
 * What the first interaction costs on a page that hydrates on it (ADR 011): the time from focusing
 * the page's first text field (or link, on a page without a field) to the app's `signalway:hydrated` event (app modules downloaded and
 * evaluated, page hydrated, typed values given back). Chromium (Playwright), a fresh context per
 * run, the CPU slowed down 4x as in Lighthouse's mobile profile; the network is the machine's own. A private page
 * (the profile, ADR 028) is measured signed in: `storage` is put in the page's local storage before its scripts run,
 * and the page is shown (the profile fetched and filled in) before the field is focused.
 */
import { type Browser, chromium } from 'playwright-core'

const CPU_SLOWDOWN = 4
const HYDRATED_EVENT = 'signalway:hydrated'
const HYDRATION_TIMEOUT_MS = 20_000

export async function firstInteractionMs(
  url: string,
  runs: number,
  chromePath: string,
  storage?: { key: string; value: string },
): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  const times: number[] = []
  try {
    for (let run = 0; run < runs; run++) times.push(await measureWithRetry(browser, url, storage))
  } finally {
    await browser.close()
  }
  return times
}

/**
 * A focus made before the enhancement script listens (its module still loading on a slowed CPU) starts nothing:
 * such a run is given up after HYDRATION_TIMEOUT_MS and made again, twice at most.
 */
async function measureWithRetry(
  browser: Browser,
  url: string,
  storage?: { key: string; value: string },
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(browser, url, storage)
    } catch (error) {
      if (attempt >= 3) throw error
      console.warn(`${url}: ${(error as Error).message}; measuring again`)
    }
  }
}

async function measureOnce(
  browser: Browser,
  url: string,
  storage?: { key: string; value: string },
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  try {
    if (storage) {
      await context.addInitScript(({ key, value }) => {
        ;(
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem(key, value)
      }, storage)
    }
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(url, { waitUntil: 'networkidle' })
    return await page.evaluate(
      ([event, timeoutMs]) =>
        new Promise<number>((resolve, reject) => {
          setTimeout(() => reject(new Error(`not hydrated ${timeoutMs} ms after the focus`)), timeoutMs)
          // Runs in the page (the bench itself is type-checked without the DOM's types).
          const doc = (globalThis as unknown as { document: PageDocument }).document
          // The first text field, or on a page without one (a used reset link) its first link or button.
          const field =
            doc.querySelector('main input[type="text"], main input[type="email"], main input:not([type])') ??
            doc.querySelector('main a[href], main button')
          if (!field) return reject(new Error('nothing to focus on the page'))
          const start = performance.now()
          doc.addEventListener(event, () => resolve(performance.now() - start), { once: true })
          field.focus()
        }),
      [HYDRATED_EVENT, HYDRATION_TIMEOUT_MS] as const,
    )
  } finally {
    await context.close()
  }
}

/** The little of the page's document the measurement uses. */
interface PageDocument {
  querySelector(selector: string): { focus(): void } | null
  addEventListener(type: string, listener: () => void, options: { once: boolean }): void
}
