import { expect, test } from '../fixtures.ts'
import { openHydrated, registerByApi, storeTokens, uniqueEmail } from '../helpers/auth.ts'
import { decodeQuotedPrintable, newestMailTo } from '../helpers/mail.ts'

/*
 * What a sender keeps once an enquiry is sent: a lasting confirmation with the short reference, what was asked,
 * what happens next and by when, and Send another; the acknowledgement email repeats the reference and the fixed
 * choices, and nothing typed freely. On a phone, in a browser whose time zone is not Melbourne's.
 */

test.use({ viewport: { width: 375, height: 740 }, timezoneId: 'America/Los_Angeles' })

const REFERENCE = /Q-\d{4}-\d{5}/

test("a signed-in customer's quote with hire details and no message: the confirmation stays, the email repeats it", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('confirmation')
  await storeTokens(page, await registerByApi(request, email, 'Casey'))
  await openHydrated(page, '/get-a-quote/')
  const form = page.getByRole('form', { name: 'Request a quote' })

  // Started from the account.
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Casey Nguyen')
  await expect(form.getByRole('textbox', { name: 'Email Address' })).toHaveValue(email)
  await expect(form.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('0412345678')

  const services = form.getByRole('group', { name: 'Services' })
  await services.getByRole('checkbox', { name: 'Arrow Boards' }).check()
  await services.getByRole('checkbox', { name: 'VMS Boards' }).check()
  const details = form.getByRole('group', { name: 'Hire details (optional)' })
  // The quantities are in view: nothing to open.
  await details.getByRole('textbox', { name: 'How many: Arrow Boards' }).fill('2')
  await details.getByRole('textbox', { name: 'Hire length' }).fill('3')
  await details.getByRole('combobox', { name: 'Days or weeks' }).selectOption('weeks')
  await details.getByRole('combobox', { name: 'Site suburb' }).fill('GEELONG')
  await details.getByRole('textbox', { name: 'Site postcode' }).fill('3220')
  await details.getByRole('radio', { name: 'Night works', exact: true }).check()
  await form
    .getByRole('group', { name: 'How did you hear about us?' })
    .getByRole('checkbox', { name: 'Word Of Mouth' })
    .check()
  // No message: the hire details say what is needed.
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('')
  await form.getByRole('button', { name: 'Submit' }).click()

  const notification = page
    .getByRole('status')
    .filter({ hasText: 'Your quote request has been successfully sent.' })
  await expect(notification).toBeVisible()
  const confirmation = page.getByRole('region', { name: 'Your quote request has been sent' })
  await expect(confirmation).toContainText(REFERENCE)
  const reference = REFERENCE.exec((await confirmation.textContent()) ?? '')?.[0] ?? ''
  await expect(confirmation.getByText('Arrow Boards (2), VMS Boards')).toBeVisible()
  await expect(confirmation.getByText('Geelong VIC 3220')).toBeVisible()
  await expect(confirmation.getByText('3 weeks')).toBeVisible()
  await expect(confirmation).toContainText(/by the end of \w+day \d{1,2} \w+ \d{4} \(Melbourne time\)/)
  // The notification fades; the confirmation does not.
  await expect(notification).toBeHidden({ timeout: 15_000 })
  await expect(confirmation).toContainText(reference)

  // A multipart message: each part quoted-printable.
  const mail = decodeQuotedPrintable(await newestMailTo(email))
  expect(mail).toContain(`Reference: ${reference}`)
  expect(mail).toContain('Services: Arrow Boards (2), VMS Boards')
  expect(mail).toContain('Hire length: 3 weeks')
  expect(mail).toContain('Site: Geelong VIC 3220')
  expect(mail).toContain('Works: Night works')
  expect(mail).not.toContain('Casey')
  expect(mail).not.toContain('Nguyen')
  expect(mail).not.toMatch(/Your message|\d+ words/)

  // Send another: the form as it starts, the customer's details in it, nothing else.
  await confirmation.getByRole('link', { name: 'Send another' }).click()
  await expect(confirmation).toBeHidden()
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Casey Nguyen')
  await expect(services.getByRole('checkbox', { name: 'Arrow Boards' })).not.toBeChecked()
  await expect(details.getByRole('textbox', { name: 'Hire length' })).toHaveValue('')
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, axe: false })

  test('a quote with hire details and no message is confirmed, and Send another gives an empty form', async ({
    page,
  }) => {
    const email = uniqueEmail('confirmation-nojs')
    await page.goto('/get-a-quote/')
    const form = page.getByRole('form', { name: 'Request a quote' })
    await form.getByRole('textbox', { name: 'Name' }).fill('Noa Script')
    await form.getByRole('textbox', { name: 'Email Address' }).fill(email)
    await form.getByRole('group', { name: 'Services' }).getByRole('checkbox', { name: 'Portaboom' }).check()
    await form
      .getByRole('group', { name: 'How did you hear about us?' })
      .getByRole('checkbox', { name: 'Facebook' })
      .check()
    const details = form.getByRole('group', { name: 'Hire details (optional)' })
    await details.getByRole('textbox', { name: 'How many: Portaboom' }).fill('1')
    await details.getByRole('radio', { name: 'Day works', exact: true }).check()
    await form.getByRole('button', { name: 'Submit' }).click()

    await expect(
      page.getByRole('status').filter({ hasText: 'Your quote request has been successfully sent.' }),
    ).toBeVisible()
    await expect(page.getByText(REFERENCE)).toBeVisible()
    await expect(page.getByText('Portaboom (1)')).toBeVisible()
    // A multipart message: each part quoted-printable.
    const mail = decodeQuotedPrintable(await newestMailTo(email))
    expect(mail).toContain('Services: Portaboom (1)')
    expect(mail).not.toContain('Noa')

    await page.getByRole('link', { name: 'Send another' }).click()
    await expect(page).toHaveURL(/\/get-a-quote\/$/)
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('')
    await expect(
      form.getByRole('group', { name: 'Services' }).getByRole('checkbox', { name: 'Portaboom' }),
    ).not.toBeChecked()
  })
})
