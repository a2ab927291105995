import { expect, test } from '../fixtures.ts'
import { adminTokens, signInAsAdmin } from '../helpers/admin.ts'

/*
 * A quote request with every hire detail, from a browser far from Melbourne, reaches the staff's
 * inbox (the row, the detail) and the CSV export.
 */

test.use({ timezoneId: 'America/Los_Angeles' })

const run = Date.now().toString(36).slice(-6)

/** Melbourne's date in a week, as YYYY-MM-DD, whatever the browser's zone. */
function melbourneDayIn(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Melbourne',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 24 * 60 * 60 * 1000))
  return parts
}

test('a quote with every hire detail reaches the inbox and the CSV', async ({ page, request }) => {
  const name = `Hire Details ${run}`
  await page.goto('/get-a-quote/?service=vms-boards')
  const form = page.getByRole('form', { name: 'Request a quote' })
  await form.getByRole('textbox', { name: 'Name' }).fill(name)
  await form.getByRole('textbox', { name: 'Email Address' }).fill(`hire.${run}@example.com`)
  const services = form.getByRole('group', { name: 'Services' })
  await expect(services.getByRole('checkbox', { name: 'VMS Boards' })).toBeChecked()
  await services.getByRole('checkbox', { name: 'Arrow Boards' }).check()

  const details = form.getByRole('group', { name: 'Hire details (optional)' })
  await details.getByRole('textbox', { name: 'Company' }).fill(`Monash Civil ${run}`)
  // The picker starts at today in Melbourne, not in Los Angeles.
  const start = details.getByLabel('Start date')
  await expect(start).toHaveAttribute('min', melbourneDayIn(0))
  await start.fill(melbourneDayIn(7))
  await details.getByRole('textbox', { name: 'Hire length' }).fill('3')
  await details.getByRole('combobox', { name: 'Days or weeks' }).selectOption('weeks')
  const suburb = details.getByRole('combobox', { name: 'Site suburb' })
  await suburb.pressSequentially('Dandenong Sou')
  await page.getByRole('option', { name: /Dandenong South.*3175/ }).click()
  await expect(suburb).toHaveValue('Dandenong South')
  await expect(details.getByRole('textbox', { name: 'Site postcode' })).toHaveValue('3175')
  await details.getByRole('radio', { name: 'Night works', exact: true }).check()
  // Only the chosen services are offered.
  await expect(details.getByRole('textbox', { name: /^How many/ })).toHaveCount(2)
  await details.getByRole('textbox', { name: 'How many: Arrow Boards' }).fill('2')
  await details.getByRole('textbox', { name: 'How many: VMS Boards' }).fill('1')

  await form
    .getByRole('group', { name: 'How did you hear about us?' })
    .getByRole('checkbox', { name: 'Google Search' })
    .check()
  await form.getByRole('textbox', { name: 'Message' }).fill(`Monash Freeway night works. Ref ${run}.`)
  await form.getByRole('button', { name: 'Submit' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your quote request has been successfully sent.' }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Send another' }).click()
  await expect(details.getByRole('textbox', { name: 'Company' })).toHaveValue('')

  // The staff's inbox: the row's summary, and every detail in the detail view.
  await signInAsAdmin(page, request)
  await page.goto(`/admin/enquiries/?search=${encodeURIComponent(name)}`)
  const row = page.getByRole('table').getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('3 weeks')
  await expect(row).toContainText('Dandenong South 3175')
  await expect(row).toContainText('Night works')
  await row.getByRole('button', { name: `View the quote request from ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Quote request from ${name}` })
  for (const text of [
    `Monash Civil ${run}`,
    '3 weeks',
    'Dandenong South 3175',
    'Arrow Boards: 2; VMS Boards: 1',
    'Night works',
  ]) {
    await expect(dialog).toContainText(text)
  }

  // The CSV export.
  const { access_token } = await adminTokens(request)
  const csv = await request.get(`/api/admin/enquiries.csv?search=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${access_token}` },
  })
  expect(csv.status()).toBe(200)
  const text = await csv.text()
  expect(text).toContain('"Company","Start date","Hire length","Site","Quantities","Works"')
  expect(text).toContain(`"Monash Civil ${run}"`)
  expect(text).toContain('"3 weeks","Dandenong South 3175","Arrow Boards: 2; VMS Boards: 1","Night works"')
})
