import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { hydrated } from '../helpers/auth.ts'

/*
 * The credit application's sections on a phone: Next opens the following section and, half a second later,
 * scrolls to it (requirements §4). A visitor who already presses on a choice in the section just opened keeps
 * it: the page does not move between the press and the release (moved, the release lands elsewhere and the browser
 * sends no click). The page's clock is held so that the scroll is due while the radio button is pressed; with
 * reduced motion the scroll is instant, so a page that moved would have moved by the release.
 */

test.use({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' })

const section = (page: Page, name: RegExp) => page.getByRole('region', { name })
const heading = (page: Page, step: number) =>
  page.getByRole('button', { name: new RegExp(`^Section ${step}:`) })

test('a radio button pressed as its section opens is chosen, the scroll to the section due meanwhile', async ({
  page,
}) => {
  await page.clock.install()
  await page.goto('/application-for-credit/')
  await hydrated(page)
  await heading(page, 2).click()
  await expect(heading(page, 2)).toHaveAttribute('aria-expanded', 'true')

  // Time stands still: the scroll that Next asks for waits until the clock runs on.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await section(page, /Details/)
    .getByRole('button', { name: 'Next' })
    .click()
  await expect(heading(page, 3)).toHaveAttribute('aria-expanded', 'true')
  const email = section(page, /Accounts Payable Contact/).getByRole('radio', { name: 'Email' })
  await expect(email).not.toBeChecked()
  // The radio button near the foot of the screen, as after filling in the fields above it: the scroll would take
  // the page to the section's heading, 70 px from the top, well away from where the radio button is pressed.
  await email.evaluate((radio) => {
    const top = radio.getBoundingClientRect().top + window.scrollY
    window.scrollTo({ top: top - window.innerHeight + 80, behavior: 'instant' })
  })
  const box = await email.boundingBox()
  if (!box) throw new Error('the radio button is not laid out')
  const headingTop = (await heading(page, 3).boundingBox())?.y ?? 0
  expect(Math.abs(headingTop - 70), 'how far the scroll would move the page').toBeGreaterThan(100)

  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  // The half second passes while the button is held down.
  await page.clock.runFor(600)
  await page.mouse.up()
  await page.clock.resume()
  await expect(email).toBeChecked()
  expect((await email.boundingBox())?.y, 'the page stayed where it was pressed').toBe(box.y)
})
