import { describe, expect, it, vi } from 'vitest'
import type { InternalApi } from '../../../lib/internal-api.server.ts'
import { VALIDATE_RESET_TOKEN_PATH } from './password-reset.ts'
import { checkResetLink } from './reset-link.server.ts'

const answering = (status: number): InternalApi => ({
  get: vi.fn(),
  post: vi.fn().mockResolvedValue({ status, body: null }),
})

describe('checkResetLink (the Reset Password page, rendered on the server)', () => {
  it('asks the API about the token after the first three characters of the query string', async () => {
    const api = answering(200)
    expect(await checkResetLink(api, '?t=Ab-_c%2Bd')).toEqual({ token: 'Ab-_c+d', check: 'valid' })
    expect(api.post).toHaveBeenCalledWith(VALIDATE_RESET_TOKEN_PATH, { resetToken: 'Ab-_c+d' })
  })

  it('finds a refused token invalid, and a lock-out, a server error or no answer unknown (to try again)', async () => {
    expect(await checkResetLink(answering(400), '?t=used')).toEqual({ token: 'used', check: 'invalid' })
    expect(await checkResetLink(answering(429), '?t=tok')).toEqual({ token: 'tok', check: 'unavailable' })
    expect(await checkResetLink(answering(503), '?t=tok')).toEqual({ token: 'tok', check: 'unavailable' })
    const failing: InternalApi = { get: vi.fn(), post: vi.fn().mockRejectedValue(new Error('down')) }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await checkResetLink(failing, '?t=tok')).toEqual({ token: 'tok', check: 'unavailable' })
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })

  it('does not ask about a missing token, and leaves the check to the app without an API', async () => {
    const api = answering(200)
    expect(await checkResetLink(api, '')).toEqual({ token: '', check: 'invalid' })
    expect(api.post).not.toHaveBeenCalled()
    expect(await checkResetLink(null, '?t=tok')).toBeUndefined()
    // A page rendered to be kept for everyone acts for nobody.
    expect(await checkResetLink({ get: vi.fn(), post: null }, '?t=tok')).toBeUndefined()
  })
})
