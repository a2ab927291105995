import { readFile } from 'node:fs/promises'
import { expect, test } from '../fixtures.ts'
import { signInAsAdmin } from '../helpers/admin.ts'
import { readAllMail } from '../helpers/mail.ts'

/*
 * As a visitor and then as the staff would see it: send a contact message and a quote
 * request, meet the validation, find both in the admin inbox, change a status, export them, and
 * read the email the business received (the server writes mail as .eml files in e2e).
 */

const MISSING_FIELDS = 'You have one or more fields missing, please correct these and submit again.'

const run = Date.now().toString(36).slice(-6)
const contact = {
  name: `Ada Contact ${run}`,
  email: `ada.${run}@example.com`,
  phone: '0412 345 678',
  message: `Two arrow boards for the Laverton works next Monday, please. Ref ${run}.`,
}
const quote = {
  name: `Grace Quote ${run}`,
  email: `grace.${run}@example.com`,
  message: `Night works on the Princes Highway for two weeks. Ref ${run}.`,
}

// The admin steps read what the visitor steps sent.
test.describe.configure({ mode: 'serial' })

test.describe('a visitor sends an enquiry', () => {
  test('sends a contact message: the notification shows, the confirmation stays, Send another empties the form', async ({
    page,
  }) => {
    await page.goto('/contact-us/')
    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByRole('textbox', { name: 'Name' }).fill(contact.name)
    await form.getByRole('textbox', { name: 'Email Address' }).fill(contact.email)
    await form.getByRole('textbox', { name: 'Phone Number' }).fill(contact.phone)
    const message = form.getByRole('textbox', { name: 'Message' })
    await message.fill(contact.message)
    await expect(form.getByText('12 of 500 words')).toBeVisible()
    await form.getByRole('button', { name: 'Send' }).click()

    await expect(
      page.getByRole('status').filter({ hasText: 'Your message has been successfully sent.' }),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Your message has been sent' })).toContainText(
      /Your reference is M-\d{4}-\d{5}/,
    )
    await page.getByRole('link', { name: 'Send another' }).click()
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('')
    await expect(message).toHaveValue('')
    await expect(form.getByText('0 of 500 words')).toBeVisible()
  })

  test('sends a quote request with two services and every source (select all)', async ({ page }) => {
    await page.goto('/get-a-quote/')
    const form = page.getByRole('form', { name: 'Request a quote' })
    await form.getByRole('textbox', { name: 'Name' }).fill(quote.name)
    await form.getByRole('textbox', { name: 'Email Address' }).fill(quote.email)

    const services = form.getByRole('group', { name: 'Services' })
    await services.getByRole('checkbox', { name: 'Arrow Boards' }).check()
    await services.getByRole('checkbox', { name: 'Truck Mounted Attenuators' }).check()
    await expect(services.getByText('2 of 11 selected')).toBeVisible()

    const source = form.getByRole('group', { name: 'How did you hear about us?' })
    const selectAll = source.getByRole('checkbox', { name: 'Select all' })
    await selectAll.check()
    await expect(source.getByText('6 of 6 selected')).toBeVisible()
    // Select all clears when everything is selected, and selects again.
    await selectAll.click()
    await expect(source.getByText('0 of 6 selected')).toBeVisible()
    await selectAll.click()
    await expect(source.getByRole('checkbox', { name: 'Word Of Mouth' })).toBeChecked()

    await form.getByRole('textbox', { name: 'Message' }).fill(quote.message)
    await form.getByRole('button', { name: 'Submit' }).click()

    await expect(
      page.getByRole('status').filter({ hasText: 'Your quote request has been successfully sent.' }),
    ).toBeVisible()
    await page.getByRole('link', { name: 'Send another' }).click()
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('')
    await expect(services.getByRole('checkbox', { name: 'Arrow Boards' })).not.toBeChecked()
    await expect(source.getByText('0 of 6 selected')).toBeVisible()
  })

  test('sees the messages on blur, and on an empty submit the notification and focus on the first error', async ({
    page,
  }) => {
    await page.goto('/contact-us/')
    const form = page.getByRole('form', { name: 'Send us a message' })
    const name = form.getByRole('textbox', { name: 'Name' })
    const email = form.getByRole('textbox', { name: 'Email Address' })

    await name.fill('A')
    await expect(form.getByText('Name must have at least 2 characters.')).toHaveCount(0)
    await name.blur()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription('Name must have at least 2 characters.')
    await email.fill('not-an-email')
    await email.blur()
    await expect(email).toHaveAccessibleDescription('Invalid email address')
    await form.getByRole('textbox', { name: 'Phone Number' }).fill('0400')
    await form.getByRole('textbox', { name: 'Phone Number' }).blur()
    await expect(form.getByText('Invalid phone number.')).toBeVisible()

    await page.reload()
    await form.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('alert').filter({ hasText: MISSING_FIELDS })).toBeVisible()
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused()
    await expect(form.getByText('Name is required.')).toBeVisible()
    await expect(form.getByText('Email address is required.')).toBeVisible()
    await expect(form.getByText('Message is required.')).toBeVisible()

    // The quote form: the first error is the first field, then the multi-selects say what they need.
    await page.goto('/get-a-quote/')
    const quoteForm = page.getByRole('form', { name: 'Request a quote' })
    await quoteForm.getByRole('textbox', { name: 'Name' }).fill('Grace')
    await quoteForm.getByRole('textbox', { name: 'Email Address' }).fill('grace@example.com')
    await quoteForm.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('alert').filter({ hasText: MISSING_FIELDS })).toBeVisible()
    await expect(
      quoteForm.getByRole('group', { name: 'Services' }).getByRole('checkbox', { name: 'Select all' }),
    ).toBeFocused()
    await expect(quoteForm.getByText('Please select at least 1 service.')).toBeVisible()
    await expect(quoteForm.getByText('Please select at least 1 item.')).toBeVisible()
  })
})

test.describe('the staff read the enquiries', () => {
  test('finds both in the admin inbox, changes a status, exports CSV, and reads the business email', async ({
    page,
    request,
  }) => {
    await signInAsAdmin(page, request)
    await page.goto('/admin/')
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Enquiries' }).click()
    await expect(page).toHaveURL(/\/admin\/enquiries\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible()

    const table = page.getByRole('table')
    const contactRow = table.getByRole('row').filter({ hasText: contact.name })
    const quoteRow = table.getByRole('row').filter({ hasText: quote.name })
    await expect(contactRow).toContainText('Contact message')
    await expect(contactRow).toContainText('New')
    await expect(quoteRow).toContainText('Quote request')
    await expect(quoteRow).toContainText('Arrow Boards, Truck Mounted Attenuators')
    // Newest first: the quote was sent after the contact message.
    const rows = await table.locator('tbody tr').allInnerTexts()
    expect(rows.findIndex((text) => text.includes(quote.name))).toBeLessThan(
      rows.findIndex((text) => text.includes(contact.name)),
    )

    // Filters: only quote requests, then a search for one sender.
    const filters = page.getByRole('form', { name: 'Filter enquiries' })
    await filters.getByLabel('Type').selectOption({ label: 'Quote request' })
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/kind=quote/)
    await expect(quoteRow).toBeVisible()
    await expect(contactRow).toHaveCount(0)
    await filters.getByRole('button', { name: 'Clear' }).click()
    await filters.getByLabel('Search').fill(run)
    await filters.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page.getByRole('status').filter({ hasText: /^2 enquiries$/ })).toBeVisible()

    // The detail view: every field, a reply link, and the status.
    await contactRow.getByRole('button', { name: `View the contact message from ${contact.name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Contact message from ${contact.name}` })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(contact.message)
    await expect(dialog).toContainText(contact.email)
    await expect(dialog).toContainText(contact.phone)
    const reply = dialog.getByRole('link', { name: 'Reply by email' })
    await expect(reply).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${encodeURIComponent(contact.email)}\\?subject=`),
    )
    await dialog.getByLabel('Status').selectOption({ label: 'In progress' })
    await expect(
      page.getByRole('status').filter({ hasText: 'The status has been changed to In progress.' }),
    ).toBeVisible()

    // Who looks after it, and an internal note.
    const assignee = dialog.getByLabel('Assigned to')
    await expect(assignee.locator('option')).not.toHaveCount(1)
    const staffName = (await assignee.locator('option').nth(1).innerText()).trim()
    await assignee.selectOption({ index: 1 })
    await expect(page.getByRole('status').filter({ hasText: `Assigned to ${staffName}.` })).toBeVisible()
    const notes = dialog.getByRole('region', { name: 'Internal Notes' })
    await notes.getByLabel(/^Add a Note/).fill('Rang back: booked for Monday.')
    await notes.getByRole('button', { name: 'Add Note' }).click()
    await expect(notes.getByRole('list', { name: 'Notes' })).toContainText('Rang back: booked for Monday.')
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(contactRow).toContainText('In progress')

    // The status is stored: a reload shows it, and the status filter finds it.
    await page.goto(`/admin/enquiries/?status=in_progress&search=${run}`)
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: contact.name })).toBeVisible()
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: quote.name })).toHaveCount(0)

    // CSV export of what the filter shows.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile(await download.path(), 'utf8')
    expect(csv).toContain(contact.name)
    expect(csv).not.toContain(quote.name)

    // Nothing failed to send.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Undelivered mail' })
      .click()
    await expect(page.getByRole('region', { name: 'Undelivered mail' })).toContainText('No undelivered mail.')

    // The business received both, with the sender's name and message (the outbox worker sends them).
    await expect
      .poll(async () => {
        const mail = await readAllMail()
        const business = (subject: string) =>
          mail.find((eml) => eml.includes(`Subject: ${subject}`) && /^To: .*enquiries@/m.test(eml))
        const contactMail = business(`New contact message from ${contact.name}`)
        const quoteMail = business(`New quote request from ${quote.name}`)
        return [
          contactMail?.includes(contact.message) ?? false,
          contactMail?.includes(contact.email) ?? false,
          quoteMail?.includes(quote.message) ?? false,
        ]
      })
      .toEqual([true, true, true])
  })
})
