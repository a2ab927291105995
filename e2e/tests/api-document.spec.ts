import { expect, test } from '../fixtures.ts'

/*
 * The published API document, from the product started as `npm start` starts it (the web build loaded into
 * the API's process): its server bundle shares the API's schemas instead of registering copies of them.
 */

test('the OpenAPI document and its docs page answer, with the web build loaded', async ({ request }) => {
  const document = await request.get('/api/openapi.json')
  expect(document.status(), await document.text()).toBe(200)
  const body = (await document.json()) as { openapi: string; paths: Record<string, unknown> }
  expect(body.openapi).toMatch(/^3\./)
  expect(Object.keys(body.paths)).toEqual(
    expect.arrayContaining(['/api/get-a-quote', '/api/apply-for-credit', '/api/v1/core/auth/token']),
  )
  // The pages the web build renders still answer alongside it.
  expect((await request.get('/get-a-quote/')).status()).toBe(200)
  const docs = await request.get('/api/docs')
  expect(docs.status()).toBe(200)
  expect(await docs.text()).toContain('<html')
})
