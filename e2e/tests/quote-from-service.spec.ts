import { expect, test } from '../fixtures.ts'

/*
 * A service page's call to action opens the quote form with that service ticked.
 */

test('Get a Quote on a service page opens the quote form with that service ticked', async ({ page }) => {
  await page.goto('/services/vms-boards/')
  await page.getByRole('main').getByRole('link', { name: 'Get a Quote', exact: true }).click()
  await expect(page).toHaveURL(/\/get-a-quote\/\?service=vms-boards$/)
  const services = page
    .getByRole('form', { name: 'Request a quote' })
    .getByRole('group', { name: 'Services' })
  await expect(services.getByRole('checkbox', { name: 'VMS Boards' })).toBeChecked()
  await expect(services.getByRole('checkbox', { checked: true })).toHaveCount(1)
})

test("the home page's equipment carousel opens the quote form with that item's service ticked", async ({
  page,
}) => {
  await page.goto('/')
  await page
    .getByRole('region', { name: 'Specialist Hire' })
    .getByRole('link', { name: 'Get a quote for Portable Traffic Lights' })
    .click()
  await expect(page).toHaveURL(/\/get-a-quote\/\?service=portable-traffic-lights$/)
  const services = page
    .getByRole('form', { name: 'Request a quote' })
    .getByRole('group', { name: 'Services' })
  await expect(services.getByRole('checkbox', { name: 'Portable Traffic Lights' })).toBeChecked()
  await expect(services.getByRole('checkbox', { checked: true })).toHaveCount(1)
})
