import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Download, Locator, Page } from '@playwright/test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { signInAsAdmin } from '../helpers/admin.ts'
import { newestMailTo, readAllMail } from '../helpers/mail.ts'
import { drawSignature, expectAllSigned } from '../helpers/signature.ts'

/*
 * As a new customer would: complete the application for credit for a Pty Ltd company
 * with two directors (signatures drawn with the mouse), a sole trader (the typed-name signature)
 * and a trust with its trust deed; read the PDF that downloads; meet the submit checks; then find
 * the applications in the admin list and download their PDFs.
 */

const SUBMITTED = 'Thank you, your application for credit has been submitted successfully.'

const run = Date.now().toString(36).slice(-6)

// The admin steps look for what the customer steps submitted.
test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

/** The text of every page of a PDF, white space collapsed. */
async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data, standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise
  const pages: string[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number)
    const content = await page.getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await pdf.destroy()
  return pages.join('\n').replace(/\s+/g, ' ')
}

async function downloadedText(download: Download): Promise<string> {
  const path = await download.path()
  return pdfText(new Uint8Array(await readFile(path)))
}

/** A small real PDF: the trust deed. */
async function trustDeedPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([595, 842])
  page.drawText(text, { x: 72, y: 760, size: 16, font })
  page.drawText('Schedule 1: the trustee and the beneficiaries.', { x: 72, y: 730, size: 11, font })
  return Buffer.from(await doc.save())
}

const section = (page: Page, name: RegExp) => page.getByRole('region', { name })
const heading = (page: Page, step: number) =>
  page.getByRole('button', { name: new RegExp(`^Section ${step}:`) })

interface Address {
  streetNumber: string
  streetName: string
  city: string
  state: string
  postcode: string
}

/** The address block, by manual entry. */
async function fillAddress(group: Locator, address: Address) {
  // The block is already in manual entry when its parts show errors.
  const manual = group.getByRole('button', { name: 'Enter the address manually' })
  const streetNumber = group.getByRole('textbox', { name: /^Street Number/ })
  // One of the two is there once the block has rendered: asking at once could find neither (a race under load).
  await expect(manual.or(streetNumber).first()).toBeVisible()
  if (await manual.isVisible()) await manual.click()
  await streetNumber.fill(address.streetNumber)
  await group.getByRole('textbox', { name: /^Street Name/ }).fill(address.streetName)
  await group.getByRole('textbox', { name: /^City/ }).fill(address.city)
  await group.getByRole('combobox', { name: /^State/ }).selectOption(address.state)
  await group.getByRole('textbox', { name: /^Post Code/ }).fill(address.postcode)
}

interface Customer {
  completedBy: string
  position: string
  type: 'Pty Ltd Company' | 'Public Company' | 'Partnership' | 'Sole Trader' | 'Trust'
  fullName: string
  businessName: string
  abn: string
  acn?: string
  phone: string
  email: string
  trading: string
  address: Address
}

async function fillCustomer(page: Page, customer: Customer) {
  const s1 = section(page, /Customer Information/)
  await s1
    .getByRole('textbox', { name: /^Name of person completing this application/ })
    .fill(customer.completedBy)
  await s1.getByRole('textbox', { name: /^Position/ }).fill(customer.position)
  // Leaving the field validates it; its error going away moves what is below it, so leave it first.
  await s1.getByRole('textbox', { name: /^Position/ }).blur()
  await s1.getByRole('radio', { name: customer.type }).check()
  await s1.getByRole('textbox', { name: /^Customer's full name/ }).fill(customer.fullName)
  await s1.getByRole('textbox', { name: /^Trading or business name/ }).fill(customer.businessName)
  await s1.getByRole('textbox', { name: /^ABN/ }).pressSequentially(customer.abn.replace(/\s/g, ''))
  await expect(s1.getByRole('textbox', { name: /^ABN/ })).toHaveValue(customer.abn)
  if (customer.acn)
    await s1.getByRole('textbox', { name: /^ACN/ }).pressSequentially(customer.acn.replace(/\s/g, ''))
  else await expect(s1.getByRole('textbox', { name: /^ACN/ })).toHaveCount(0)
  await s1.getByRole('textbox', { name: /^Phone/ }).fill(customer.phone)
  await s1.getByRole('textbox', { name: /^Email/ }).fill(customer.email)
  await s1.getByRole('textbox', { name: /^How long has the customer been trading/ }).fill(customer.trading)
  await fillAddress(s1.getByRole('group', { name: /^Business Address/ }), customer.address)
  await expect(s1.getByRole('checkbox', { name: 'Postal address same as business address' })).toBeChecked()
  await expect(s1.getByRole('group', { name: /^Postal Address/ })).toHaveCount(0)
}

interface Person {
  name: string
  phone: string
  email: string
  licence: string
  address: Address
}

async function fillPerson(group: Locator, person: Person) {
  await group.getByRole('textbox', { name: /^Full name/ }).fill(person.name)
  await fillAddress(group.getByRole('group', { name: /^Residential Address/ }), person.address)
  await group.getByRole('textbox', { name: /^Phone/ }).fill(person.phone)
  await group.getByRole('textbox', { name: /^Email/ }).fill(person.email)
  await group.getByRole('textbox', { name: /^Driver's licence number/ }).fill(person.licence)
}

async function fillAccounts(
  page: Page,
  contact: { name: string; phone: string; email: string },
  sendBy = 'Email',
) {
  const s3 = section(page, /Accounts Payable Contact/)
  await s3.getByRole('textbox', { name: /^Name/ }).fill(contact.name)
  await s3.getByRole('textbox', { name: /^Phone/ }).fill(contact.phone)
  await s3.getByRole('textbox', { name: /^Email/ }).fill(contact.email)
  await s3.getByRole('radio', { name: sendBy }).check()
}

async function next(page: Page, from: RegExp, to: number) {
  await section(page, from).getByRole('button', { name: 'Next' }).click()
  await expect(heading(page, to)).toHaveAttribute('aria-expanded', 'true')
  await expect(heading(page, to)).toBeFocused()
}

const errorNotifications = (page: Page) =>
  page.getByRole('region', { name: 'Notifications' }).getByRole('alert')

/**
 * Submits, catches the download and checks the success notification and its name. Every pad must
 * be signed first; an error notification instead of the download (e.g. 'Please sign the document.')
 * fails the test at once rather than after the test's timeout.
 */
async function submitAndDownload(page: Page): Promise<string> {
  await expectAllSigned(section(page, /Credit Terms and Conditions/))
  const errors = errorNotifications(page)
  await expect(errors, 'no error notification left open from before').toHaveCount(0)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Submit application' }).click()
  const download = await Promise.race([
    downloading,
    errors
      .first()
      .waitFor()
      .then(async () => {
        const message = await errors.first().getByRole('paragraph').textContent()
        throw new Error(`The submit failed instead of downloading: ${message}`)
      }),
  ])
  expect(download.suggestedFilename()).toBe('credit-application.pdf')
  await expect(page.getByRole('status').filter({ hasText: SUBMITTED })).toBeVisible()
  const text = await downloadedText(download)
  // Then the page reloads: an empty form.
  await expect(page.getByRole('textbox', { name: /^Customer's full name/ })).toHaveValue('', {
    timeout: 15_000,
  })
  await expect(page.getByRole('button', { name: 'Submit application' })).toBeEnabled()
  return text
}

const melbourne: Address = {
  streetNumber: '48',
  streetName: 'Kororoit Creek Road',
  city: 'Altona North',
  state: 'VIC',
  postcode: '3025',
}

const pty = {
  customer: {
    completedBy: 'Olivia Grant',
    position: 'Finance Director',
    type: 'Pty Ltd Company',
    fullName: `Westgate Civil ${run} Pty Ltd`,
    businessName: `Westgate Civil ${run}`,
    abn: '51 824 753 556',
    acn: '004 085 616',
    phone: '03 9555 0101',
    email: `accounts.${run}@westgate.example`,
    trading: '12 years',
    address: melbourne,
  } satisfies Customer,
  directors: [
    {
      name: 'Olivia Grant',
      phone: '0412 345 678',
      email: `olivia.${run}@westgate.example`,
      licence: '045123456',
      address: {
        streetNumber: '7',
        streetName: 'Maple Street',
        city: 'Williamstown',
        state: 'VIC',
        postcode: '3016',
      },
    },
    {
      name: 'Marcus Webb',
      phone: '0423 456 789',
      email: `marcus.${run}@westgate.example`,
      licence: '078654321',
      address: {
        streetNumber: '19',
        streetName: 'Ocean Parade',
        city: 'Point Cook',
        state: 'VIC',
        postcode: '3030',
      },
    },
  ] satisfies Person[],
}

test.describe('a new customer applies for credit', () => {
  test('a Pty Ltd company with two directors: drawn signatures and guarantees, the signed PDF', async ({
    page,
  }) => {
    await page.goto('/application-for-credit/')
    await expect(page.getByRole('heading', { level: 1, name: 'Application for Credit' })).toBeVisible()
    await expect(heading(page, 1)).toHaveAttribute('aria-expanded', 'true')
    for (const step of [2, 3, 4]) await expect(heading(page, step)).toHaveAttribute('aria-expanded', 'false')

    // Next checks only the section it leaves, marks its errors, and opens the next one anyway.
    await section(page, /Customer Information/)
      .getByRole('button', { name: 'Next' })
      .click()
    await expect(heading(page, 2)).toHaveAttribute('aria-expanded', 'true')
    await expect(heading(page, 1)).toContainText('Needs attention')
    await expect(heading(page, 2)).not.toContainText('Needs attention')
    // Previous goes back to it, its messages still there.
    await section(page, /Director\/Partner\/Sole Trader Details/)
      .getByRole('button', { name: 'Previous' })
      .click()
    await expect(heading(page, 1)).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByText('Name of person completing this application is required.')).toBeVisible()

    await fillCustomer(page, pty.customer)
    await expect(heading(page, 2)).toHaveAccessibleName(/Director Details/)
    await next(page, /Customer Information/, 2)

    const s2 = section(page, /Director Details/)
    const [first, second] = pty.directors
    await fillPerson(s2.getByRole('group', { name: 'Director 1' }), first as Person)
    await s2.getByRole('button', { name: 'Add another director' }).click()
    await expect(s2.getByRole('textbox', { name: /^Full name/ }).nth(1)).toBeFocused()
    await fillPerson(s2.getByRole('group', { name: 'Director 2' }), second as Person)
    await next(page, /Director Details/, 3)

    await fillAccounts(page, {
      name: 'Priya Nair',
      phone: '03 9555 0102',
      email: `ap.${run}@westgate.example`,
    })
    await next(page, /Accounts Payable Contact/, 4)

    const s4 = section(page, /Credit Terms and Conditions/)
    await expect(s4.getByRole('link', { name: /full Terms and Conditions of Hire/ })).toHaveAttribute(
      'href',
      '/application-for-credit/terms-and-conditions/',
    )
    await s4
      .getByRole('checkbox', { name: /I have read and agree to the Terms and Conditions of Hire/ })
      .check()
    await expect(s4.getByRole('heading', { name: 'Guarantee and Indemnity' })).toBeVisible()
    for (const name of ['Olivia Grant', 'Marcus Webb']) {
      const pad = s4.getByRole('img', { name: new RegExp(`^Signature of ${name}`) })
      await drawSignature(page, pad)
      await expect(s4.getByRole('img', { name: `Signature of ${name}`, exact: true })).toBeVisible()
      await drawSignature(page, s4.getByRole('img', { name: new RegExp(`^Guarantor signature of ${name}`) }))
    }
    await expect(s4.getByText('Signed', { exact: true })).toHaveCount(4)

    const text = await submitAndDownload(page)
    for (const value of [
      pty.customer.fullName,
      pty.customer.businessName,
      '51 824 753 556',
      '004 085 616',
      'Pty Ltd Company',
      pty.customer.email,
      'Kororoit Creek Road',
      'Olivia Grant',
      'Marcus Webb',
      `olivia.${run}@westgate.example`,
      `marcus.${run}@westgate.example`,
      '078654321',
      'Priya Nair',
      'Guarantee and Indemnity',
      'Finance Director',
    ]) {
      expect(text, `the PDF holds ${value}`).toContain(value)
    }

    // After the reload: the confirmation with the reference, what happens next, who to call, and the
    // PDF again from this tab only.
    const confirmation = page.getByRole('region', { name: 'Application received' })
    await expect(confirmation).toBeVisible()
    await expect(confirmation.getByRole('heading', { name: 'Application received' })).toBeFocused()
    const reference = (await confirmation.locator('.credit-confirmation__reference').innerText()).trim()
    expect(reference).toMatch(/^CA-\d{4}-/)
    expect(text).toContain(reference)
    await expect(confirmation.getByRole('heading', { name: 'What happens next' })).toBeVisible()
    await expect(confirmation.getByRole('link', { name: '1300 975 707' })).toBeVisible()
    const again = page.waitForEvent('download')
    await confirmation.getByRole('link', { name: 'Download the PDF again' }).click()
    expect(await downloadedText(await again)).toContain(reference)
    // Another tab of the same browser knows nothing of it.
    const other = await page.context().newPage()
    await other.goto('/application-for-credit/')
    await expect(other.getByRole('heading', { level: 1, name: 'Application for Credit' })).toBeVisible()
    await expect(other.getByRole('region', { name: 'Application received' })).toHaveCount(0)
    await other.close()
    // Starting again clears it.
    await confirmation.getByRole('button', { name: 'Start a new application' }).click()
    await expect(confirmation).toHaveCount(0)
  })

  test('a sole trader: one person only, the typed-name signature', async ({ page }) => {
    await page.goto('/application-for-credit/')
    await fillCustomer(page, {
      completedBy: 'Sam Taylor',
      position: 'Owner',
      type: 'Sole Trader',
      fullName: `Sam Taylor ${run}`,
      businessName: `Taylor Traffic ${run}`,
      abn: '53 004 085 616',
      phone: '0401 222 333',
      email: `sam.${run}@taylortraffic.example`,
      trading: '3 years',
      address: {
        streetNumber: '5',
        streetName: 'Ridge Road',
        city: 'Mount Dandenong',
        state: 'VIC',
        postcode: '3767',
      },
    })
    await next(page, /Customer Information/, 2)
    const s2 = section(page, /Sole Trader Details/)
    await expect(s2.getByRole('button', { name: /^Add another/ })).toHaveCount(0)
    await fillPerson(s2.getByRole('group', { name: 'Sole Trader', exact: true }), {
      name: 'Sam Taylor',
      phone: '0401 222 333',
      email: `sam.${run}@taylortraffic.example`,
      licence: '099887766',
      address: {
        streetNumber: '5',
        streetName: 'Ridge Road',
        city: 'Mount Dandenong',
        state: 'VIC',
        postcode: '3767',
      },
    })
    await next(page, /Sole Trader Details/, 3)
    await fillAccounts(
      page,
      { name: 'Sam Taylor', phone: '0401 222 333', email: `sam.${run}@taylortraffic.example` },
      'Post',
    )
    await next(page, /Accounts Payable Contact/, 4)

    const s4 = section(page, /Credit Terms and Conditions/)
    await s4.getByRole('checkbox', { name: /I have read and agree/ }).check()
    await expect(s4.getByRole('heading', { name: 'Guarantee and Indemnity' })).toHaveCount(0)
    // By keyboard: the typed-name alternative.
    await s4.getByRole('button', { name: /^Type your name instead/ }).click()
    await expect(s4.getByRole('textbox', { name: 'Type your full name' })).toBeFocused()
    await page.keyboard.type('Sam Taylor')
    await expect(s4.getByRole('img', { name: 'Signature of Sam Taylor' })).toBeVisible()

    const text = await submitAndDownload(page)
    for (const value of [
      `Taylor Traffic ${run}`,
      'Sole Trader',
      '53 004 085 616',
      'Sam Taylor',
      'Post',
      '099887766',
    ]) {
      expect(text, `the PDF holds ${value}`).toContain(value)
    }
  })

  test('a trust with its trust deed: the deed is uploaded, checked and appended to the PDF', async ({
    page,
  }) => {
    await page.goto('/application-for-credit/')
    await fillCustomer(page, {
      completedBy: 'Hannah Lee',
      position: 'Trustee',
      type: 'Trust',
      fullName: `Lee Family Trust ${run}`,
      businessName: `Lee Traffic Services ${run}`,
      abn: '51 824 753 556',
      phone: '07 5555 0199',
      email: `hannah.${run}@leetraffic.example`,
      trading: '8 years',
      address: {
        streetNumber: '17',
        streetName: 'Beacon Place',
        city: 'Molendinar',
        state: 'QLD',
        postcode: '4214',
      },
    })
    const s1 = section(page, /Customer Information/)
    const deed = s1.locator('input[type="file"]')
    await expect(deed).toHaveAccessibleName(/^Trust Deed/)
    await expect(deed).toHaveAttribute('accept', /\.pdf/)
    // A file of another type is refused.
    await deed.setInputFiles({
      name: 'trust-deed.docx',
      mimeType: 'application/msword',
      buffer: Buffer.from('x'),
    })
    await expect(s1.getByText(/File type is not supported\./)).toBeVisible()
    const marker = `Deed of the Lee Family Trust ${run}`
    await deed.setInputFiles({
      name: 'lee-family-trust-deed.pdf',
      mimeType: 'application/pdf',
      buffer: await trustDeedPdf(marker),
    })
    const added = s1.getByRole('list', { name: 'Added files' })
    await expect(added.getByText('lee-family-trust…')).toBeVisible()
    await expect(added.getByText(/KB$/)).toBeVisible()
    await next(page, /Customer Information/, 2)

    await fillPerson(section(page, /Director Details/).getByRole('group', { name: 'Director 1' }), {
      name: 'Hannah Lee',
      phone: '0455 666 777',
      email: `hannah.${run}@leetraffic.example`,
      licence: 'QL1234567',
      address: {
        streetNumber: '3',
        streetName: 'Pine Avenue',
        city: 'Southport',
        state: 'QLD',
        postcode: '4215',
      },
    })
    await next(page, /Director Details/, 3)
    await fillAccounts(page, {
      name: 'Hannah Lee',
      phone: '07 5555 0199',
      email: `ap.${run}@leetraffic.example`,
    })
    await next(page, /Accounts Payable Contact/, 4)
    const s4 = section(page, /Credit Terms and Conditions/)
    await s4.getByRole('checkbox', { name: /I have read and agree/ }).check()
    await drawSignature(page, s4.getByRole('img', { name: /^Signature of Hannah Lee/ }))

    const text = await submitAndDownload(page)
    for (const value of [
      `Lee Traffic Services ${run}`,
      'Trust',
      'lee-family-trust-deed.pdf',
      'Hannah Lee',
      marker,
    ]) {
      expect(text, `the PDF holds ${value}`).toContain(value)
    }
  })

  test("an unsigned application: 'Please sign the document.', and nothing typed is lost", async ({
    page,
  }) => {
    await page.goto('/application-for-credit/')
    await fillCustomer(page, {
      completedBy: 'Ava Brooks',
      position: 'Partner',
      type: 'Partnership',
      fullName: `Brooks & Chen ${run}`,
      businessName: `Brooks Chen Traffic ${run}`,
      abn: '51 824 753 556',
      phone: '03 9555 0303',
      email: `ava.${run}@brookschen.example`,
      trading: '2 years',
      address: melbourne,
    })
    await next(page, /Customer Information/, 2)
    await fillPerson(section(page, /Partner Details/).getByRole('group', { name: 'Partner 1' }), {
      name: 'Ava Brooks',
      phone: '0433 111 222',
      email: `ava.${run}@brookschen.example`,
      licence: '012398745',
      address: melbourne,
    })
    await next(page, /Partner Details/, 3)
    await fillAccounts(page, {
      name: 'Leo Chen',
      phone: '03 9555 0304',
      email: `leo.${run}@brookschen.example`,
    })
    await next(page, /Accounts Payable Contact/, 4)
    await section(page, /Credit Terms and Conditions/)
      .getByRole('checkbox', { name: /I have read and agree/ })
      .check()

    await page.getByRole('button', { name: 'Submit application' }).click()
    const notification = errorNotifications(page).filter({ hasText: 'Please sign the document.' })
    await expect(notification).toBeVisible()
    await expect(page.getByRole('group', { name: 'Signatures' })).toBeFocused()
    await notification.getByRole('button', { name: 'Close notification' }).click()
    // Everything is still there.
    await heading(page, 1).click()
    await expect(page.getByRole('textbox', { name: /^Customer's full name/ })).toHaveValue(
      `Brooks & Chen ${run}`,
    )
    await expect(page.getByRole('textbox', { name: /^ABN/ })).toHaveValue('51 824 753 556')
    await heading(page, 2).click()
    await expect(section(page, /Partner Details/).getByRole('textbox', { name: /^Full name/ })).toHaveValue(
      'Ava Brooks',
    )

    // Signed, it goes through.
    await drawSignature(page, page.getByRole('img', { name: /^Signature of Ava Brooks/ }))
    const text = await submitAndDownload(page)
    expect(text).toContain(`Brooks Chen Traffic ${run}`)
    expect(text).toContain('Leo Chen')
  })
})

test.describe('the staff find the applications', () => {
  test('the admin list shows them newest first, searches by business name or ABN, and downloads each PDF', async ({
    page,
    request,
  }) => {
    await signInAsAdmin(page, request)
    await page.goto('/admin/')
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Credit applications' })
      .click()
    await expect(page).toHaveURL(/\/admin\/credit-applications\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Credit Applications' })).toBeVisible()
    const table = page.getByRole('table')
    const search = page.getByRole('searchbox', { name: 'Search by business name, ABN or reference' })
    // Newest first. Other tests send applications at the same time, so among this run's own (its tag is in each
    // business name): sent in the order of the tests above, they are listed the other way round.
    await search.fill(run)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`search=${run}`))
    await expect(table.getByRole('row').filter({ hasText: run })).toHaveText([
      new RegExp(`Brooks Chen Traffic ${run}`),
      new RegExp(`Lee Traffic Services ${run}`),
      new RegExp(`Taylor Traffic ${run}`),
      new RegExp(`Westgate Civil ${run}`),
    ])

    await page
      .getByRole('searchbox', { name: 'Search by business name, ABN or reference' })
      .fill(`Westgate Civil ${run}`)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/search=/)
    await expect(table.getByRole('row')).toHaveCount(2)
    const row = table.getByRole('row').nth(1)
    await expect(row).toContainText('51 824 753 556')
    await expect(row).toContainText('Pty Ltd Company')
    await expect(row).toContainText('Olivia Grant')

    const downloading = page.waitForEvent('download')
    await row.getByRole('button', { name: /^Download PDF/ }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^credit-application-CA-\d{4}-[0-9A-Z]+\.pdf$/)
    const text = await downloadedText(download)
    expect(text).toContain(`Westgate Civil ${run} Pty Ltd`)
    expect(text).toContain('Marcus Webb')

    // By ABN (digits only, as typed without the mask).
    await page
      .getByRole('searchbox', { name: 'Search by business name, ABN or reference' })
      .fill('53004085616')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(table).toContainText(`Taylor Traffic ${run}`)

    // A trust's record gives its deed as uploaded, beside the signed PDF.
    await page
      .getByRole('searchbox', { name: 'Search by business name, ABN or reference' })
      .fill(`Lee Traffic Services ${run}`)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    // The trust's row, not the previous search's still on screen.
    const trustRow = table.getByRole('row').filter({ hasText: `Lee Traffic Services ${run}` })
    await expect(trustRow).toHaveCount(1)
    await expect(table.getByRole('row')).toHaveCount(2)
    await trustRow.getByRole('link', { name: /^CA-/ }).click()
    const deedDownload = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download the Trust Deed' }).click()
    const deed = await deedDownload
    expect(deed.suggestedFilename()).toMatch(/^trust-deed-CA-\d{4}-[0-9A-Z]+\.pdf$/)
    expect(await downloadedText(deed)).toContain(`Deed of the Lee Family Trust ${run}`)
  })

  test('an administrator takes on an application, notes a call, approves it with a limit, and the applicant is emailed', async ({
    page,
    request,
  }) => {
    test.slow()
    await signInAsAdmin(page, request)
    await page.goto(`/admin/credit-applications/?search=${encodeURIComponent(`Westgate Civil ${run}`)}`)
    const row = page.getByRole('table').getByRole('row').nth(1)
    await expect(row).toContainText('Received')
    await expect(row).toContainText('Nobody yet')
    await row.getByRole('link', { name: /^CA-/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: /^Credit Application CA-/ })).toBeVisible()

    // Every value of the application, each director and their signatures and guarantees, without the PDF.
    const application = page.getByRole('region', { name: 'The Application' })
    await expect(application.getByRole('region', { name: '1. Customer Information' })).toContainText(
      `Westgate Civil ${run}`,
    )
    await expect(application.getByRole('heading', { level: 4, name: /^Director 2: / })).toBeVisible()
    await expect(
      application.getByRole('region', { name: '5. Guarantee and Indemnity' }).getByRole('img'),
    ).toHaveCount(2)
    const signatures = application.getByRole('img', { name: /^Signature of / })
    await expect(signatures).toHaveCount(4)
    for (const image of await signatures.all()) {
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    }
    await expectAccessible(page)

    const decision = page.getByRole('region', { name: 'Decision' })
    await decision.getByLabel(/^Status/).selectOption({ label: 'Under review' })
    const me = await decision
      .getByLabel(/^Assigned to/)
      .locator('option')
      .nth(1)
      .innerText()
    await decision.getByLabel(/^Assigned to/).selectOption({ index: 1 })
    await decision.getByRole('button', { name: 'Save Decision' }).click()
    await expect(page.getByText('The decision has been saved.')).toBeVisible()

    const notes = page.getByRole('region', { name: 'Internal Notes' })
    await notes.getByLabel(/^Add a Note/).fill('Called Olivia: trade references to follow by Friday.')
    await notes.getByRole('button', { name: 'Add Note' }).click()
    await expect(notes.getByRole('list', { name: 'Notes' })).toContainText(
      'trade references to follow by Friday',
    )

    // Approving needs the limit: the message, and nothing is lost.
    await decision.getByLabel(/^Status/).selectOption({ label: 'Approved' })
    await decision.getByRole('button', { name: 'Save Decision' }).click()
    await expect(decision.getByText('Enter the credit limit to approve the application.')).toBeVisible()
    await expect(decision.getByLabel(/^Credit Limit/)).toBeFocused()
    await decision.getByLabel(/^Credit Limit/).fill('25000')
    await expect(decision.getByLabel(/^Payment Terms/)).toHaveValue('30')
    await decision.getByRole('button', { name: 'Save Decision' }).click()
    await expect(page.getByText('The decision has been saved.').first()).toBeVisible()
    const summary = page.getByRole('region', { name: `Westgate Civil ${run}` })
    await expect(summary).toContainText('Approved')
    await expect(summary).toContainText('$25,000, 30 days')
    const history = page.getByRole('region', { name: 'History' })
    await expect(history).toContainText('changed status from Received to Under review')
    await expect(history).toContainText(`changed assigned to from nobody to ${me.trim()}`)
    await expect(history).toContainText('changed status from Under review to Approved')
    await expect(history).toContainText('changed credit limit from none to $25,000')

    // The applicant's email, through the outbox.
    await expect
      .poll(
        async () =>
          (await readAllMail()).find(
            (mail) =>
              mail.includes(`To: accounts.${run}@westgate.example`) &&
              // The decision's email, not the invitation to the account the approval opened.
              mail.includes('We are pleased to tell you that'),
          ) ?? '',
        { timeout: 15_000 },
      )
      .toContain('Credit limit: $25,000')

    // The list shows where it stands.
    await page.getByRole('link', { name: 'Back to Credit applications' }).click()
    await page.getByLabel(/^Status/).selectOption({ label: 'Approved' })
    await expect(page).toHaveURL(/status=approved/)
    await expect(page.getByRole('table')).toContainText(`Westgate Civil ${run}`)
  })
})

test.describe('save and continue later', () => {
  test('a trust saves with its deed and a drawn signature, continues in a fresh browser from the emailed link, and submits', async ({
    page,
    browser,
  }) => {
    test.slow()
    const email = `drafts.${run}@leetraffic.example`
    const marker = `Deed of the Nguyen Family Trust ${run}`
    await page.goto('/application-for-credit/')
    await fillCustomer(page, {
      completedBy: 'Linh Nguyen',
      position: 'Trustee',
      type: 'Trust',
      fullName: `Nguyen Family Trust ${run}`,
      businessName: `Nguyen Traffic ${run}`,
      abn: '51 824 753 556',
      phone: '07 5555 0123',
      email,
      trading: '3 years',
      address: {
        streetNumber: '9',
        streetName: 'Bay Street',
        city: 'Southport',
        state: 'QLD',
        postcode: '4215',
      },
    })
    await section(page, /Customer Information/)
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'nguyen-trust-deed.pdf',
        mimeType: 'application/pdf',
        buffer: await trustDeedPdf(marker),
      })
    await expect(
      section(page, /Customer Information/).getByRole('list', { name: 'Added files' }),
    ).toBeVisible()
    await next(page, /Customer Information/, 2)
    await fillPerson(section(page, /Director Details/).getByRole('group', { name: 'Director 1' }), {
      name: 'Linh Nguyen',
      phone: '0455 111 222',
      email,
      licence: 'QL7654321',
      address: {
        streetNumber: '2',
        streetName: 'Ocean Road',
        city: 'Southport',
        state: 'QLD',
        postcode: '4215',
      },
    })
    await next(page, /Director Details/, 3)
    await fillAccounts(page, { name: 'Linh Nguyen', phone: '07 5555 0123', email: `ap.${email}` })
    await next(page, /Accounts Payable Contact/, 4)
    const s4 = section(page, /Credit Terms and Conditions/)
    await s4.getByRole('checkbox', { name: /I have read and agree/ }).check()
    await drawSignature(page, s4.getByRole('img', { name: /^Signature of Linh Nguyen/ }))

    // Saved, with the link sent to the application's email.
    await page.getByRole('button', { name: 'Save and continue later' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save and Continue Later' })
    await expect(dialog.getByRole('textbox', { name: /^Email the link to/ })).toHaveValue(email)
    await dialog.getByRole('button', { name: 'Save and Email the Link' }).click()
    await expect(
      page.getByText(`Your application is saved. We have emailed a link to ${email}`, { exact: false }),
    ).toBeVisible()
    const mail = await newestMailTo(email)
    const link = /\/application-for-credit\/resume\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0] ?? ''
    expect(link, mail).not.toBe('')

    // Another browser, with nothing of the first: everything is back, the deed and the signature too.
    const context = await browser.newContext()
    try {
      const other = await context.newPage()
      await other.goto(link)
      await expect(
        other.getByRole('heading', { level: 1, name: 'Continue Your Application for Credit' }),
      ).toBeVisible()
      await expect(other.getByRole('textbox', { name: /^Customer's full name/ })).toHaveValue(
        `Nguyen Family Trust ${run}`,
      )
      await expect(
        section(other, /Customer Information/).getByRole('list', { name: 'Added files' }),
      ).toContainText('nguyen-trust-d')
      await heading(other, 4).click()
      const resumed = section(other, /Credit Terms and Conditions/)
      await expect(resumed.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked()
      await expect(resumed.getByRole('img', { name: /^Signature of Linh Nguyen/ })).toBeVisible()
      await expectAllSigned(resumed)

      const text = await submitAndDownload(other)
      for (const value of [`Nguyen Traffic ${run}`, 'nguyen-trust-deed.pdf', 'Linh Nguyen', marker]) {
        expect(text, `the PDF holds ${value}`).toContain(value)
      }
      // Submitted: the link opens nothing any more, and says why.
      await other.goto(link)
      await expect(other.getByRole('alert')).toContainText(
        'This link is not valid: the application it saved may have been submitted already.',
      )
      await expect(other.getByRole('link', { name: 'Start a New Application' })).toBeVisible()
    } finally {
      await context.close()
    }
  })
})

test.describe('remote signing', () => {
  // The last step opens a link that no longer works: the API answers 404.
  test.use({ allowConsoleErrors: [/status of 404/] })
  test('a Pty Ltd company sends both directors a request, each signs in a fresh browser, and the PDF holds both signing records', async ({
    page,
    browser,
  }) => {
    test.slow()
    const tag = `remote${run}`
    const customer = {
      ...pty.customer,
      fullName: `Westgate Remote ${run} Pty Ltd`,
      businessName: `Westgate Remote ${run}`,
      email: `accounts.${tag}@westgate.example`,
    }
    const directors = pty.directors.map((director) => ({
      ...director,
      email: director.email.replace(`.${run}@`, `.${tag}@`),
    }))
    await page.goto('/application-for-credit/')
    await fillCustomer(page, customer)
    await next(page, /Customer Information/, 2)
    const s2 = section(page, /Director Details/)
    await fillPerson(s2.getByRole('group', { name: 'Director 1' }), directors[0] as Person)
    await s2.getByRole('button', { name: 'Add another director' }).click()
    await fillPerson(s2.getByRole('group', { name: 'Director 2' }), directors[1] as Person)
    await next(page, /Director Details/, 3)
    await fillAccounts(page, {
      name: 'Priya Nair',
      phone: '03 9555 0102',
      email: `ap.${tag}@westgate.example`,
    })
    await next(page, /Accounts Payable Contact/, 4)

    // Nobody signs here: each director gets a link.
    const s4 = section(page, /Credit Terms and Conditions/)
    await s4.getByRole('checkbox', { name: /I have read and agree/ }).check()
    await s4.getByRole('radio', { name: 'Email each director a link to sign on their own device' }).check()
    await expect(s4.getByRole('img', { name: /^Signature of/ })).toHaveCount(0)
    for (const director of directors) await expect(s4).toContainText(director.email)
    await page.getByRole('button', { name: 'Send for signing' }).click()
    const dialog = page.getByRole('dialog', { name: 'Send for Signing' })
    await expect(dialog.getByRole('textbox', { name: /^Email me the link/ })).toHaveValue(customer.email)
    await dialog.getByRole('button', { name: 'Send the Requests' }).click()

    // The status page, its token gone from the address bar.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Signatures for Your Application for Credit' }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/application-for-credit\/status\/$/)
    await expect(page.getByText('0 of 2 signed.')).toBeVisible()
    await expectAccessible(page)
    const statusMail = await newestMailTo(customer.email)
    expect(statusMail).toMatch(/\/application-for-credit\/status\/[A-Za-z0-9_-]{43}/)

    // Marcus's request goes to another address: the link sent to the first one stops working.
    const signLink = (mail: string) =>
      /\/application-for-credit\/sign\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0] ?? ''
    const replaced = signLink(await newestMailTo(directors[1]?.email ?? ''))
    expect(replaced).not.toBe('')
    const moved = `marcus.new.${tag}@westgate.example`
    await page.getByRole('button', { name: 'Change email of Marcus Webb' }).click()
    await page.getByRole('textbox', { name: /^New email for Marcus Webb/ }).fill(moved)
    await page.getByRole('button', { name: 'Save and Send' }).click()
    await expect(page.getByRole('list', { name: 'Signers' })).toContainText(moved)
    if (directors[1]) directors[1].email = moved

    for (const [index, director] of directors.entries()) {
      const mail = await newestMailTo(director.email)
      const link = signLink(mail)
      expect(link, mail).not.toBe('')
      const context = await browser.newContext()
      try {
        const signer = await context.newPage()
        await signer.goto(link)
        await expect(
          signer.getByRole('heading', { level: 1, name: 'Sign the Application for Credit' }),
        ).toBeVisible()
        await expect(signer).toHaveURL(/\/application-for-credit\/sign\/$/)
        await expect(signer.getByText(`For ${director.name}, as director.`)).toBeVisible()
        await expect(
          signer.getByRole('heading', { name: new RegExp(`Westgate Remote ${run}`) }),
        ).toBeVisible()
        await expect(signer.getByRole('heading', { name: 'Guarantee and Indemnity' })).toBeVisible()
        await expectAccessible(signer)
        await signer.getByRole('checkbox', { name: /I have read this application/ }).check()
        await drawSignature(
          signer,
          signer.getByRole('img', { name: new RegExp(`^Signature of ${director.name}`) }),
        )
        const guarantee = signer.getByRole('img', {
          name: new RegExp(`^Guarantor signature of ${director.name}`),
        })
        if (index === 0) {
          await drawSignature(signer, guarantee)
        } else {
          // The typed-name alternative, from the keyboard.
          const group = signer.locator('.credit-signature').filter({ has: guarantee })
          await group.getByRole('button', { name: 'Type your name instead' }).click()
          await group.getByRole('textbox').fill(director.name)
          await expect(guarantee).not.toHaveAccessibleName(/\(not signed yet\)$/)
        }
        await signer.getByRole('button', { name: 'Sign the application' }).click()
        await expect(
          signer.getByRole('status').filter({ hasText: 'your signature has been recorded' }),
        ).toBeVisible()
        if (index === 1) await expect(signer.getByText(/the application has been submitted/)).toBeVisible()
      } finally {
        await context.close()
      }
    }

    // The status page (reloaded: the tab keeps its token) shows both, and the signed PDF.
    await page.reload()
    await expect(page.getByRole('status').filter({ hasText: 'Everyone has signed' })).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Signers' }).getByText('Signed', { exact: true }),
    ).toHaveCount(2)
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download the signed PDF' }).click()
    const text = await downloadedText(await downloading)
    for (const value of [
      `Westgate Remote ${run}`,
      'Signed on their own devices',
      'Olivia Grant (Director, and as guarantor)',
      'Marcus Webb (Director, and as guarantor)',
      directors[0]?.email ?? '',
      directors[1]?.email ?? '',
      'Text SHA-256',
    ]) {
      expect(text, `the PDF holds ${value}`).toContain(value)
    }

    // The link replaced by the change of address says so.
    await page.goto(replaced)
    await expect(page.getByRole('alert')).toContainText('This signing link is no longer valid')
  })
})
