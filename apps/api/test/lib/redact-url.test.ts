import { describe, expect, it } from 'vitest'
import { redactUrl } from '../../src/lib/redact-url.ts'

describe('redactUrl', () => {
  it.each([
    // A page whose query string is its token: the whole query goes.
    ['/reset-password/?t=abc', '/reset-password/?[redacted]'],
    ['/confirm-email/?t=abc', '/confirm-email/?[redacted]'],
    ['/cancel-email-change?t=abc&x=1', '/cancel-email-change?[redacted]'],
    ['//Confirm-Email//?t=abc', '//Confirm-Email//?[redacted]'],
    ['/confirm-email/_.data?t=abc', '/confirm-email/_.data?[redacted]'],
    ['/api/apply-for-credit/pdf?token=abc', '/api/apply-for-credit/pdf?[redacted]'],
    ['/confirm-email/', '/confirm-email/'],
    // A page whose last segment is its token: that segment goes, written however it was sent.
    ['/application-for-credit/sign/abc', '/application-for-credit/sign/[redacted]'],
    [
      '/application-for-credit/status/abc/?from=email',
      '/application-for-credit/status/[redacted]/?from=email',
    ],
    ['//application-for-credit//resume//abc', '/application-for-credit/resume/[redacted]'],
    ['/application-for-credit/resume%2Fabc', '/application-for-credit/resume/[redacted]'],
    ['/application-for-credit/sign/abc.data', '/application-for-credit/sign/[redacted]/'],
    ['/application-for-credit/sign/', '/application-for-credit/sign/'],
    // Elsewhere, secret-looking parameters only.
    ['/api/x?token=abc&page=2', '/api/x?token=[redacted]&page=2'],
    ['/confirm-email/extra?t=abc&page=2', '/confirm-email/extra?t=[redacted]&page=2'],
    ['/login/?password=abc&return-url=%2F', '/login/?password=[redacted]&return-url=%2F'],
    ['/get-a-quote/?service=vms-boards&to=x', '/get-a-quote/?service=vms-boards&to=x'],
    ['/news/', '/news/'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged)
  })
})
