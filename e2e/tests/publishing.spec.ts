import sharp from 'sharp'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens, signInAsAdmin } from '../helpers/admin.ts'

/*
 * An administrator writes a news item with an uploaded image, previews its Markdown,
 * publishes it and finds it on /news/, on its own page and in the sitemap; a renamed non-image is refused;
 * a save from an older copy is refused and keeps what was typed; the FAQ is reordered from the keyboard.
 */

// The refused upload (400) and the refused save (409) are answers the page handles.
test.use({ allowConsoleErrors: [/status of 40[09]/] })
// Staff are not always in Melbourne: Honolulu is on another day for 21 hours of Melbourne's 24.
test.use({ timezoneId: 'Pacific/Honolulu' })

/** A photo-sized PNG with some detail, as the file a person would choose. */
async function photo(): Promise<Buffer> {
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
      <rect width="1600" height="1000" fill="#1d3557"/>
      <rect x="300" y="250" width="1000" height="500" fill="#f5a623"/>
      <text x="800" y="560" font-size="160" text-anchor="middle" fill="#111">VMS</text>
    </svg>`,
  )
  return sharp(stripes).png().toBuffer()
}

test('an administrator publishes a news item with an image: on /news/, its page and the sitemap', async ({
  page,
  request,
}) => {
  test.slow()
  const run = Date.now().toString(36)
  const title = `Solar arrow boards arrive ${run}`
  const slug = `solar-arrow-boards-arrive-${run}`
  await signInAsAdmin(page, request)
  await page.goto('/admin/')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await nav.getByRole('link', { name: 'News' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible()
  await page.getByRole('link', { name: 'Add a News Item' }).click()
  await expect(page).toHaveURL(/\/admin\/news\/new$/)
  // A new item is dated today in the business's time zone, not the browser's.
  const melbourneToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(
    new Date(),
  )
  await expect(page.getByLabel('Date')).toHaveValue(melbourneToday)

  // A text file renamed .png is refused by its bytes, and says so under the field.
  // A file input is a button named by its label.
  const image = page.getByRole('button', { name: 'Image', exact: true })
  await image.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  })
  await expect(page.getByText('File type is not supported.')).toBeVisible()

  await page.getByLabel('Title').fill(title)
  await page
    .getByLabel('Summary')
    .fill('Twenty solar arrow boards are ready for hire from our Laverton depot.')
  await page
    .getByLabel('Body')
    .fill('## Ready to book\n\nCall **1300 000 000**.\n\n<script>window.__pwned = true</script>')
  await page.getByRole('button', { name: 'Show Preview' }).click()
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview.getByRole('heading', { name: 'Ready to book' })).toBeVisible()
  await expect(preview).toContainText('<script>window.__pwned = true</script>')

  await image.setInputFiles({ name: 'boards.png', mimeType: 'image/png', buffer: await photo() })
  await expect(page.locator('.publishing__image-preview')).toHaveAttribute(
    'src',
    /^\/api\/media\/[0-9a-f]{32}-800\.webp$/,
  )
  await expect(page.getByText('File type is not supported.')).toHaveCount(0)
  await page
    .getByLabel('Image Description (alternative text)')
    .fill('Solar arrow boards lined up in the yard')
  await page.getByLabel('Status').selectOption('published')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save News Item' }).click()
  await expect(page.getByText('The news item has been saved.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/news\/\d+$/)
  await expect(page.getByRole('link', { name: `/news/${slug}/` })).toBeVisible()

  // On the public site straight away (this instance's page cache is emptied by the save).
  await page.goto('/news/')
  const article = page.getByRole('article', { name: title })
  await expect(article).toBeVisible()
  const picture = article.getByRole('img', { name: 'Solar arrow boards lined up in the yard' })
  await expect(picture).toHaveAttribute('width', '800')
  await expect(picture).toHaveAttribute('height', '450')
  await expect(picture).toHaveAttribute('srcset', /-400\.webp 400w, .*-800\.webp 800w/)
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  await article.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/news/${slug}/$`))
  await expect(page.getByRole('heading', { level: 2, name: 'Ready to book' })).toBeVisible()
  await expect(page.getByText('<script>window.__pwned = true</script>')).toBeVisible()
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined()

  const sitemap = await request.get('/sitemap.xml')
  expect(await sitemap.text()).toContain(`/news/${slug}/</loc>`)
})

test('a save from an older copy is refused, keeps what was typed, and a draft stays off the site', async ({
  page,
  request,
}) => {
  const run = Date.now().toString(36)
  const tokens = await adminTokens(request)
  const headers = { authorization: `Bearer ${tokens.access_token}` }
  const base = {
    title: `Depot hours change ${run}`,
    slug: '',
    date: '2026-11-20',
    summary: 'Our Laverton depot opens at 5 am from December.',
    body: '',
    image: '/images/news/carrum-downs-depot-opens.svg',
    imageAlt: 'The depot building',
    status: 'draft',
  }
  const created = await request.post('/api/admin/news', { headers, data: base })
  expect(created.status(), await created.text()).toBe(201)
  const { id, slug } = (await created.json()) as { id: number; slug: string }

  await signInAsAdmin(page, request)
  await page.goto(`/admin/news/${id}`)
  const summary = page.getByLabel('Summary')
  await expect(summary).toHaveValue(base.summary)

  // Someone else saves first.
  const other = await request.put(`/api/admin/news/${id}`, {
    headers,
    data: { ...base, slug, title: `Depot hours changed ${run}`, version: 1 },
  })
  expect(other.status(), await other.text()).toBe(200)

  await summary.fill('Typed by me: 5 am opening from 1 December.')
  await page.getByRole('button', { name: 'Save News Item' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Someone else changed this news item' }),
  ).toBeVisible()
  await expect(summary).toHaveValue('Typed by me: 5 am opening from 1 December.')

  await page.getByRole('button', { name: 'Reload the News Item' }).click()
  await expect(page.getByLabel('Title')).toHaveValue(`Depot hours changed ${run}`)

  // A draft is on neither the news page nor its own address.
  await page.goto('/news/')
  await expect(page.getByRole('article', { name: /Depot hours change/ })).toHaveCount(0)
  expect((await request.get(`/news/${slug}/`)).status()).toBe(404)
})

test('an administrator edits the privacy policy: the shipped text to start from, the saved text on the site', async ({
  page,
  request,
}) => {
  const run = Date.now().toString(36)
  await signInAsAdmin(page, request)
  await page.goto('/admin/')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Pages' }).click()
  await page.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/admin\/pages\/edit\/privacy-policy$/)
  const text = page.getByLabel('Text')
  await expect(text).toHaveValue(/## 1\. Who we are/)
  const current = await text.inputValue()
  // The clause is added at the end, so that every other test still finds the policy's topics.
  const added = `## 99. Changes to this policy\n\nWe post changes here first (${run}).`
  await text.fill(`${current.replace(/\n\n## 99\.[\s\S]*$/, '')}\n\n${added}`)
  await page.getByRole('button', { name: 'Show Preview' }).click()
  await expect(
    page
      .getByRole('region', { name: 'Preview' })
      .getByRole('heading', { name: '99. Changes to this policy' }),
  ).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save Page' }).click()
  await expect(page.getByText('The page has been saved.')).toBeVisible()

  await page.goto('/privacy-policy/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
  await expect(page.getByRole('heading', { level: 2, name: '99. Changes to this policy' })).toBeVisible()
  await expect(page.getByText(`We post changes here first (${run}).`)).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /What we collect/ })).toBeVisible()
})

test('an administrator reorders the FAQ with the keyboard: the public page follows, and the order comes back', async ({
  page,
  request,
}) => {
  test.slow()
  const category = 'Delivery and collection'
  await signInAsAdmin(page, request)
  await page.goto('/admin/')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'FAQs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'FAQs' })).toBeVisible()
  const group = page.getByRole('region', { name: category })
  const adminOrder = () => group.getByRole('listitem').getByRole('link').allTextContents()
  await expect(group.getByRole('listitem')).not.toHaveCount(0)
  const before = await adminOrder()
  expect(before.length).toBeGreaterThanOrEqual(3)
  const [first = '', second = '', third = '', ...rest] = before
  await expectAccessible(page)

  // Down twice from the keyboard: focus stays on the button, which travels with its question.
  await group.getByRole('button', { name: `Move down: ${first}` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `“${first}” is now 2 of` })).toBeAttached()
  await expect(group.getByRole('button', { name: `Move down: ${first}` })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `“${first}” is now 3 of` })).toBeAttached()
  const moved = [second, third, first, ...rest]
  expect(await adminOrder()).toEqual(moved)

  // The public page shows the new order (the page cache was told).
  const publicOrder = async () => {
    await page.goto('/faqs/')
    return page
      .locator('.faq-group')
      .filter({ has: page.getByRole('heading', { level: 2, name: category }) })
      .locator('.faq-item__question')
      .allTextContents()
  }
  await expect(async () => expect(await publicOrder()).toEqual(moved)).toPass({ timeout: 5_000 })

  // Its editor opens on the question as saved, its category chosen.
  await page.goto('/admin/faqs/')
  await group.getByRole('link', { name: first, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Question' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Question' })).toHaveValue(first)
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(category)
  await expect(page.getByRole('textbox', { name: 'Answer' })).not.toHaveValue('')
  await page.getByRole('link', { name: 'Back to FAQs' }).click()

  // Up twice puts it back, for every other test and the next run.
  await group.getByRole('button', { name: `Move up: ${first}` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `“${first}” is now 2 of` })).toBeAttached()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: `“${first}” is now 1 of` })).toBeAttached()
  expect(await adminOrder()).toEqual(before)
  await expect(async () => expect(await publicOrder()).toEqual(before)).toPass({ timeout: 5_000 })
})
