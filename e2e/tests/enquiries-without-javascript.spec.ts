import { expect, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'

/*
 * The enquiry forms work in a browser without JavaScript (and when the app fails to load): the form posts to
 * its page, whose action sends it to the API for the visitor; the page comes back with the answer.
 */

// axe runs in the page, so not here: the same pages are checked with JavaScript in enquiries.spec.ts.
test.use({
  javaScriptEnabled: false,
  axe: false,
  // A form in error comes back as 400, which the browser logs.
  allowConsoleErrors: [/status of 400 \(Bad Request\)/],
})

const MISSING_FIELDS = 'You have one or more fields missing, please correct these and submit again.'
const run = Date.now().toString(36)

test('Contact Us: the field messages with everything typed kept, then the message is sent', async ({
  page,
}) => {
  await page.goto('/contact-us/')
  const form = page.getByRole('form', { name: 'Send us a message' })
  const name = form.getByRole('textbox', { name: 'Name' })
  const email = form.getByRole('textbox', { name: 'Email Address' })
  const message = form.getByRole('textbox', { name: 'Message' })
  await name.fill('A')
  await email.fill(`ada.nojs.${run}@example.com`)
  await form.getByRole('button', { name: 'Send' }).click()

  await expect(page.getByRole('alert').filter({ hasText: MISSING_FIELDS })).toBeVisible()
  await expect(name).toHaveValue('A')
  await expect(email).toHaveValue(`ada.nojs.${run}@example.com`)
  await expect(name).toHaveAccessibleDescription('Name must have at least 2 characters.')
  await expect(message).toHaveAccessibleDescription(/Message is required\.$/)

  await name.fill('Ada Nojs')
  await message.fill(`Sent without JavaScript. Ref ${run}.`)
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Your message has been successfully sent.' }),
  ).toBeVisible()
  // The confirmation stays in the form's place; Send another (a link here) brings the empty form back.
  await expect(page.getByText(/Your reference is M-\d{4}-\d{5}/)).toBeVisible()
  await page.getByRole('link', { name: 'Send another' }).click()
  await expect(name).toHaveValue('')
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('Get a Quote: the ticked services and sources are sent, and reach the staff’s inbox', async ({
  page,
  request,
}) => {
  await page.goto('/get-a-quote/?service=vms-boards')
  const form = page.getByRole('form', { name: 'Request a quote' })
  await form.getByRole('textbox', { name: 'Name' }).fill(`Grace Nojs ${run}`)
  await form.getByRole('textbox', { name: 'Email Address' }).fill(`grace.nojs.${run}@example.com`)
  const services = form.getByRole('group', { name: 'Services' })
  await expect(services.getByRole('checkbox', { name: 'VMS Boards' })).toBeChecked()
  await services.getByRole('checkbox', { name: 'Arrow Boards' }).check()
  await form
    .getByRole('group', { name: 'How did you hear about us?' })
    .getByRole('checkbox', { name: 'Facebook' })
    .check()
  // Hire details work without JavaScript too (every service's quantity is in view).
  const details = form.getByRole('group', { name: 'Hire details (optional)' })
  await details.getByRole('textbox', { name: 'Company' }).fill(`Nojs Civil ${run}`)
  await details.getByRole('textbox', { name: 'Hire length' }).fill('10')
  await details.getByRole('combobox', { name: 'Site suburb' }).fill('Laverton')
  await details.getByRole('textbox', { name: 'Site postcode' }).fill('3028')
  await details.getByRole('radio', { name: 'Day and night works' }).check()
  await details.getByRole('textbox', { name: 'How many: VMS Boards' }).fill('4')
  await form.getByRole('textbox', { name: 'Message' }).fill(`Quote without JavaScript. Ref ${run}.`)
  await form.getByRole('button', { name: 'Submit' }).click()

  await expect(
    page.getByRole('status').filter({ hasText: 'Your quote request has been successfully sent.' }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Send another' }).click()
  await expect(services.getByRole('checkbox', { name: 'VMS Boards' })).not.toBeChecked()

  const { access_token } = await adminTokens(request)
  const list = await request.get(`/api/admin/enquiries?search=${encodeURIComponent(`Grace Nojs ${run}`)}`, {
    headers: { authorization: `Bearer ${access_token}` },
  })
  expect(list.status()).toBe(200)
  const { items } = (await list.json()) as {
    items: { kind: string; services: string[]; source: string[]; hireDetails: unknown }[]
  }
  expect(items).toEqual([
    expect.objectContaining({
      kind: 'quote',
      services: ['Arrow Boards', 'VMS Boards'],
      source: ['Facebook'],
      hireDetails: {
        company: `Nojs Civil ${run}`,
        hireLength: { value: 10, unit: 'days' },
        site: { suburb: 'Laverton', postcode: '3028' },
        quantities: { 'VMS Boards': 4 },
        shift: 'both',
      },
    }),
  ])
})
