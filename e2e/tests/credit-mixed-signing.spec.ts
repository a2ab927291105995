import type { Locator, Page } from '@playwright/test'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { readAllMail } from '../helpers/mail.ts'
import { drawSignature } from '../helpers/signature.ts'

/*
 * Mixed signing (ADR 036), as an applicant would: a Pty Ltd with two directors who both give the personal
 * guarantee. One signs here, on the applicant's phone; the other gets a link by email and signs on theirs. The
 * application is submitted with the last signature, and each guarantor is sent their copy: the one whose link
 * proved the address with the signed PDF, the other (an address typed in the form) told how to get it.
 */

const run = Date.now().toString(36).slice(-6)

// A phone, in a zone far from Melbourne: the dates shown are Melbourne's all the same.
test.use({ viewport: { width: 375, height: 740 }, timezoneId: 'America/Los_Angeles' })
test.setTimeout(120_000)

const section = (page: Page, name: RegExp) => page.getByRole('region', { name })

async function fillAddress(group: Locator, address: { number: string; street: string; city: string }) {
  const manual = group.getByRole('button', { name: 'Enter the address manually' })
  if (await manual.isVisible()) await manual.click()
  await group.getByRole('textbox', { name: /^Street Number/ }).fill(address.number)
  await group.getByRole('textbox', { name: /^Street Name/ }).fill(address.street)
  await group.getByRole('textbox', { name: /^City/ }).fill(address.city)
  await group.getByRole('combobox', { name: /^State/ }).selectOption('VIC')
  await group.getByRole('textbox', { name: /^Post Code/ }).fill('3025')
}

async function next(page: Page, from: RegExp, to: number) {
  await section(page, from).getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('button', { name: new RegExp(`^Section ${to}:`) })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
}

/** The .eml files to `to` whose subject matches, as written by the outbox worker; waits for them. */
async function mailsTo(to: string, subject: RegExp, count = 1): Promise<string[]> {
  let found: string[] = []
  await expect
    .poll(
      async () => {
        found = (await readAllMail()).filter(
          (eml) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(eml) && subject.test(eml),
        )
        return found.length
      },
      { message: `${count} email(s) to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count)
  return found
}

const GUARANTEE_COPY = /^Subject: Your guarantee: application for credit with Signalway Traffic Hire/m

test('two guarantor directors: one signs on this phone, the other by the emailed link; submitted, and each gets their copy', async ({
  page,
  browser,
}) => {
  const applicant = `accounts.mixed.${run}@westgate.example`
  const directors = [
    { name: 'Olivia Grant', email: `olivia.mixed.${run}@westgate.example`, licence: '045123456' },
    { name: 'Marcus Webb', email: `marcus.mixed.${run}@westgate.example`, licence: '078654321' },
  ]

  await page.goto('/application-for-credit/')
  const s1 = section(page, /Customer Information/)
  await s1.getByRole('textbox', { name: /^Name of person completing this application/ }).fill('Olivia Grant')
  await s1.getByRole('textbox', { name: /^Position/ }).fill('Director')
  await s1.getByRole('textbox', { name: /^Position/ }).blur()
  await s1.getByRole('radio', { name: 'Pty Ltd Company' }).check()
  await s1.getByRole('textbox', { name: /^Customer's full name/ }).fill(`Westgate Mixed ${run} Pty Ltd`)
  await s1.getByRole('textbox', { name: /^Trading or business name/ }).fill(`Westgate Mixed ${run}`)
  await s1.getByRole('textbox', { name: /^ABN/ }).pressSequentially('51824753556')
  await s1.getByRole('textbox', { name: /^ACN/ }).pressSequentially('004085616')
  await s1.getByRole('textbox', { name: /^Phone/ }).fill('03 9555 0101')
  await s1.getByRole('textbox', { name: /^Email/ }).fill(applicant)
  await s1.getByRole('textbox', { name: /^How long has the customer been trading/ }).fill('12 years')
  await fillAddress(s1.getByRole('group', { name: /^Business Address/ }), {
    number: '48',
    street: 'Kororoit Creek Road',
    city: 'Altona North',
  })
  await next(page, /Customer Information/, 2)

  const s2 = section(page, /Director Details/)
  for (const [index, director] of directors.entries()) {
    if (index > 0) await s2.getByRole('button', { name: 'Add another director' }).click()
    const group = s2.getByRole('group', { name: `Director ${index + 1}` })
    await group.getByRole('textbox', { name: /^Full name/ }).fill(director.name)
    await fillAddress(group.getByRole('group', { name: /^Residential Address/ }), {
      number: String(7 + index),
      street: 'Maple Street',
      city: 'Williamstown',
    })
    await group.getByRole('textbox', { name: /^Phone/ }).fill(`0412 345 67${index}`)
    await group.getByRole('textbox', { name: /^Email/ }).fill(director.email)
    await group.getByRole('textbox', { name: /^Driver's licence number/ }).fill(director.licence)
  }
  await next(page, /Director Details/, 3)

  const s3 = section(page, /Accounts Payable Contact/)
  await s3.getByRole('textbox', { name: /^Name/ }).fill('Priya Nair')
  await s3.getByRole('textbox', { name: /^Phone/ }).fill('03 9555 0102')
  await s3.getByRole('textbox', { name: /^Email/ }).fill(`ap.mixed.${run}@westgate.example`)
  await s3.getByRole('radio', { name: 'Email' }).check()
  await next(page, /Accounts Payable Contact/, 4)

  // Olivia signs here; Marcus gets a link.
  const s4 = section(page, /Credit Terms and Conditions/)
  await s4.getByRole('checkbox', { name: /I have read and agree/ }).check()
  await s4.getByRole('radio', { name: 'Some sign here, the others get a link by email' }).check()
  await s4
    .getByRole('group', { name: 'Marcus Webb' })
    .getByRole('radio', { name: /^Gets a link by email/ })
    .check()
  await expect(s4.getByRole('img', { name: /^Signature of Marcus Webb/ })).toHaveCount(0)
  await expect(s4.getByRole('img', { name: /^Guarantor signature of Marcus Webb/ })).toHaveCount(0)
  await drawSignature(page, s4.getByRole('img', { name: /^Signature of Olivia Grant/ }))
  await drawSignature(page, s4.getByRole('img', { name: /^Guarantor signature of Olivia Grant/ }))
  await expectAccessible(page)
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  await page.getByRole('button', { name: 'Send for signing' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send for Signing' })
  await expect(dialog).toContainText(directors[1]?.email ?? '')
  await expect(dialog).not.toContainText(directors[0]?.email ?? '')
  await expect(dialog).toContainText('Signed here, on this device: Olivia Grant.')
  await dialog.getByRole('button', { name: 'Send the Requests' }).click()

  // The status page: Olivia has signed, here; Marcus is waiting.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Signatures for Your Application for Credit' }),
  ).toBeVisible()
  await expect(page.getByText('1 of 2 signed.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Signers' })).toContainText(
    'on the device that sent it for signing',
  )

  // Marcus signs on his own phone, from the link in his email; Olivia was sent none.
  const [request] = await mailsTo(directors[1]?.email ?? '', /^Subject: Please sign an application/m)
  const link = /\/application-for-credit\/sign\/[A-Za-z0-9_-]{43}/.exec(request ?? '')?.[0] ?? ''
  expect(link).not.toBe('')
  expect(
    (await readAllMail()).filter(
      (eml) => eml.includes(directors[0]?.email ?? '') && /^Subject: Please sign/m.test(eml),
    ),
  ).toEqual([])
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    timezoneId: 'America/Los_Angeles',
  })
  try {
    const phone = await context.newPage()
    await phone.goto(link)
    await expect(phone.getByText('For Marcus Webb, as director.')).toBeVisible()
    await phone.getByRole('checkbox', { name: /I have read this application/ }).check()
    await drawSignature(phone, phone.getByRole('img', { name: /^Signature of Marcus Webb/ }))
    await drawSignature(phone, phone.getByRole('img', { name: /^Guarantor signature of Marcus Webb/ }))
    await phone.getByRole('button', { name: 'Sign the application' }).click()
    await expect(phone.getByText(/the application has been submitted/)).toBeVisible()
  } finally {
    await context.close()
  }

  // Submitted; the status page (reloaded, the tab keeps its token) says so.
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: 'Everyone has signed' })).toBeVisible()

  // Each guarantor has their copy in the outbox: Marcus's address signed by its link, so the PDF is attached;
  // Olivia's was only typed in the form, so hers says how to get it, and carries no PDF.
  const [marcusCopy] = await mailsTo(directors[1]?.email ?? '', GUARANTEE_COPY)
  const [oliviaCopy] = await mailsTo(directors[0]?.email ?? '', GUARANTEE_COPY)
  expect(marcusCopy).toMatch(/Content-Type: application\/pdf/i)
  expect(marcusCopy).toContain('is attached')
  expect(oliviaCopy).not.toMatch(/Content-Type: application\/pdf/i)
  expect(oliviaCopy).toContain('this email address has not been shown to be yours')
  for (const copy of [marcusCopy, oliviaCopy]) {
    expect(copy).toContain('ABN 51 824 753 556')
    expect(copy).not.toContain('Westgate')
    expect(copy).not.toContain('Olivia')
    expect(copy).not.toContain('Marcus')
  }
})
