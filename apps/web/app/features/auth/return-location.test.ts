import { describe, expect, it } from 'vitest'
import { resolveReturnLocation, sameOriginPath } from './return-location.ts'

describe('the return location of a signed-in visitor of a guest page', () => {
  it("is the 'return-url' value first", () => {
    expect(
      resolveReturnLocation({ returnUrl: '/update-profile/', from: '/about/', referrer: '/news/' }),
    ).toBe('/update-profile/')
  })

  it('else the previous page inside the app, else that of a full page load, else home', () => {
    expect(resolveReturnLocation({ from: '/about/?x=1', referrer: '/news/' })).toBe('/about/?x=1')
    expect(resolveReturnLocation({ referrer: '/news/' })).toBe('/news/')
    expect(resolveReturnLocation({})).toBe('/')
  })

  it('never another site', () => {
    for (const returnUrl of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(resolveReturnLocation({ returnUrl })).toBe('/')
    }
    expect(resolveReturnLocation({ returnUrl: 'https://evil.example/', from: '/faqs/' })).toBe('/faqs/')
  })

  it('never a guest page itself, which would send the visitor straight on again', () => {
    for (const page of [
      '/login/',
      '/login',
      '/register/?return-url=/x',
      '/forgot-password/',
      '/reset-password/?t=a',
      '/logout/',
    ]) {
      expect(resolveReturnLocation({ returnUrl: page, from: page, referrer: page })).toBe('/')
    }
    expect(resolveReturnLocation({ returnUrl: '/login/', from: '/services/' })).toBe('/services/')
  })
})

describe('sameOriginPath', () => {
  it('keeps the path and query of a same-origin referrer only', () => {
    expect(sameOriginPath('https://signalway.example/news/?p=2', 'https://signalway.example')).toBe(
      '/news/?p=2',
    )
    expect(sameOriginPath('https://google.com/search?q=x', 'https://signalway.example')).toBeUndefined()
    expect(sameOriginPath('', 'https://signalway.example')).toBeUndefined()
    expect(sameOriginPath('not a url', 'https://signalway.example')).toBeUndefined()
  })
})
