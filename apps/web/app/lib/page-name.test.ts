import { describe, expect, it } from 'vitest'
import { pageNameFromPath } from './page-name.ts'

describe('pageNameFromPath', () => {
  it("lowercases and strips leading and trailing slashes: '/Some/Page/' -> 'some/page'", () => {
    expect(pageNameFromPath('/Some/Page/')).toBe('some/page')
  })

  it('handles single segments and repeated slashes', () => {
    expect(pageNameFromPath('/Privacy')).toBe('privacy')
    expect(pageNameFromPath('//privacy-policy//')).toBe('privacy-policy')
    expect(pageNameFromPath('/')).toBe('')
  })

  it('decodes percent-encoding and tolerates malformed encoding', () => {
    expect(pageNameFromPath('/About%20Us/')).toBe('about us')
    expect(pageNameFromPath('/bad%E0%A4%A/')).toBe('bad%e0%a4%a')
  })
})
