import { describe, expect, it, vi } from 'vitest'
import { parsePublicConfig } from './config.server.ts'

describe('parsePublicConfig', () => {
  it('uses the defaults when PUBLIC_CONFIG_JSON is absent', () => {
    expect(parsePublicConfig(undefined)).toEqual({
      siteUrl: 'http://localhost:3000',
      apiBaseUrl: '/api',
      authClientId: 'web',
      siteName: 'Signalway Traffic Hire',
    })
  })

  it('reads the configured values, trimming trailing slashes', () => {
    const config = parsePublicConfig(
      JSON.stringify({
        siteUrl: 'https://signalway.example/',
        apiBaseUrl: 'https://api.signalway.example/',
        tagManagerId: 'GTM-AB12CD',
        authClientId: 'web',
        siteName: 'Signalway Traffic Hire',
      }),
    )
    expect(config).toEqual({
      siteUrl: 'https://signalway.example',
      apiBaseUrl: 'https://api.signalway.example',
      tagManagerId: 'GTM-AB12CD',
      authClientId: 'web',
      siteName: 'Signalway Traffic Hire',
    })
  })

  it('drops a tag-manager id that is not a GTM container id', () => {
    expect(
      parsePublicConfig(JSON.stringify({ tagManagerId: "GTM-1');alert(1);//" })).tagManagerId,
    ).toBeUndefined()
    expect(parsePublicConfig(JSON.stringify({ tagManagerId: '' })).tagManagerId).toBeUndefined()
  })

  it('falls back to the defaults on malformed JSON, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(parsePublicConfig('{nope').apiBaseUrl).toBe('/api')
    expect(warn).toHaveBeenCalledOnce()
  })
})
