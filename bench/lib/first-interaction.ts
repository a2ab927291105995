/**
 * What the first interaction costs on a page that hydrates on it (ADR 011): the time from focusing
 * the page's first text field (or link, on a page without a field) to the app's `signalway:hydrated` event (app modules downloaded and
 * evaluated, page hydrated, typed values given back). Chromium (Playwright), a fresh context per
 * run, the CPU slowed down 4x as in Lighthouse's mobile profile; the network is the machine's own.
 */
import { chromium } from 'playwright-core'

const CPU_SLOWDOWN = 4
const HYDRATED_EVENT = 'signalway:hydrated'

export async function firstInteractionMs(url: string, runs: number, chromePath: string): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  const times: number[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
      try {
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
        await page.goto(url, { waitUntil: 'networkidle' })
        times.push(
          await page.evaluate(
            (event) =>
              new Promise<number>((resolve, reject) => {
                // Runs in the page (the bench itself is type-checked without the DOM's types).
                const doc = (globalThis as unknown as { document: PageDocument }).document
                // The first text field, or on a page without one (a used reset link) its first link or button.
                const field =
                  doc.querySelector(
                    'main input[type="text"], main input[type="email"], main input:not([type])',
                  ) ?? doc.querySelector('main a[href], main button')
                if (!field) return reject(new Error('nothing to focus on the page'))
                const start = performance.now()
                doc.addEventListener(event, () => resolve(performance.now() - start), { once: true })
                field.focus()
              }),
            HYDRATED_EVENT,
          ),
        )
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return times
}

/** The little of the page's document the measurement uses. */
interface PageDocument {
  querySelector(selector: string): { focus(): void } | null
  addEventListener(type: string, listener: () => void, options: { once: boolean }): void
}
