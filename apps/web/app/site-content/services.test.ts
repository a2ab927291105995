import { SERVICES } from '@signalway/shared'
import { describe, expect, it } from 'vitest'
import { services } from './services.ts'

describe('the service pages', () => {
  it('name each service as the quote form, the emails and the inbox do', () => {
    expect(services.map((service) => service.name)).toEqual(SERVICES.map((service) => service.quoteService))
  })
})
