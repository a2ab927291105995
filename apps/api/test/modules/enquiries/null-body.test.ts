import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../../helpers/build.ts'

// A body that is no object at all is refused as bad input, never answered 500 (found by the OpenAPI fuzzer: the
// quote's message rule runs whatever else is wrong, and then saw null).
describe('an enquiry whose JSON body is null', () => {
  it.each(['/api/get-a-quote', '/api/contact'])('%s answers 400', async (url) => {
    const { app } = await buildTestApp()
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    })
    expect(response.statusCode, response.body).toBe(400)
  })
})
