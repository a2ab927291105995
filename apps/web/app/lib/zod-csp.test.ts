// @vitest-environment happy-dom
import { expect, it, vi } from 'vitest'

it('in the browser, zod never tries `new Function` (a CSP eval violation), even for schemas made later', async () => {
  await import('./zod-csp.ts')
  const evaluate = vi.spyOn(globalThis, 'Function')
  const { z } = await import('zod')
  expect(z.config().jitless).toBe(true)
  const schema = z.object({ name: z.string().min(2), tags: z.array(z.string()) })
  expect(schema.parse({ name: 'Ada', tags: ['a'] })).toEqual({ name: 'Ada', tags: ['a'] })
  expect(evaluate).not.toHaveBeenCalled()
})
