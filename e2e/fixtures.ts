import { test as base, expect, type Page } from '@playwright/test'
import { expectAccessible } from './helpers/axe.ts'

export { expect, expectAccessible }

/**
 * axe on a page just opened: a page that sends the visitor elsewhere as it starts (a guard's redirect, the
 * enhancement script of a private page sending a signed-out visitor to the login page) can navigate while axe runs:
 * its context is destroyed, or axe, injected into the page that left, is missing from the one that came
 * (`runPartial` of undefined). axe then runs again on the page it arrived at.
 */
async function expectAccessibleOnArrival(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await expectAccessible(page)
    } catch (error) {
      if (attempt >= 3 || !/Execution context was destroyed|reading 'runPartial'/.test(String(error)))
        throw error
      await page.waitForLoadState()
    }
  }
}

type Fixtures = {
  /** Console errors a test expects (the browser's log line for a deliberate 404): `test.use({ allowConsoleErrors })`. */
  allowConsoleErrors: RegExp[]
  /** axe runs in the page: off only for tests with JavaScript disabled, where it cannot. */
  axe: boolean
}

/**
 * Every test: fails on an unexpected console error or uncaught page error, and runs axe on every page it
 * opens with page.goto and on the page it ends on.
 */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  axe: [true, { option: true }],
  page: async ({ page, allowConsoleErrors, axe }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))

    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (axe) await expectAccessibleOnArrival(page)
      return response
    }

    await use(page)

    if (axe && !page.isClosed()) await expectAccessible(page)
    const unexpected = errors.filter((text) => !allowConsoleErrors.some((pattern) => pattern.test(text)))
    expect(unexpected, 'unexpected console errors').toEqual([])
  },
})
