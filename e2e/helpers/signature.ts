import { expect, type Locator, type Page } from '@playwright/test'

/** The pad's accessible name ends so until it holds a signature (components/signature-pad). */
const UNSIGNED = /\(not signed yet\)$/

/** The scribble, as fractions of the pad's width and height. */
const SCRIBBLE = [
  [0.25, 0.3],
  [0.35, 0.7],
  [0.45, 0.35],
  [0.55, 0.65],
  [0.7, 0.4],
  [0.85, 0.55],
] as const

/** Waits until the pad stays at the same place over two animation frames (no scroll under way). */
async function waitUntilStill(pad: Locator) {
  await expect
    .poll(() =>
      pad.evaluate(
        (element) =>
          new Promise<boolean>((resolve) => {
            const before = element.getBoundingClientRect()
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const after = element.getBoundingClientRect()
                resolve(before.top === after.top && before.left === after.left)
              }),
            )
          }),
      ),
    )
    .toBe(true)
}

async function scribble(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded()
  await waitUntilStill(pad)
  const box = await pad.boundingBox()
  if (!box) throw new Error('The signature pad is not visible.')
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const
  await page.mouse.move(...at(0.15, 0.6))
  await page.mouse.down()
  for (const [x, y] of SCRIBBLE) await page.mouse.move(...at(x, y), { steps: 4 })
  await page.mouse.up()
}

/**
 * Signs a pad by drawing a short scribble with the mouse, and waits until the pad says it is signed.
 * A scroll that starts between measuring the pad and pressing the button (the credit form scrolls
 * to an opened section 500 ms after Next) makes the stroke miss the pad; then it draws again.
 */
export async function drawSignature(page: Page, pad: Locator, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    await scribble(page, pad)
    try {
      await expect(pad).not.toHaveAccessibleName(UNSIGNED, { timeout: 2_000 })
      return
    } catch (error) {
      if (attempt >= attempts) throw error
    }
  }
}

/** Fails at once when a pad in scope is still unsigned, rather than at the submit. */
export async function expectAllSigned(scope: Page | Locator) {
  await expect(scope.getByRole('img', { name: UNSIGNED })).toHaveCount(0)
}
