// @vitest-environment happy-dom
import { SIGNING_MESSAGES } from '@signalway/shared/credit/signing'
import type { CreditApplicationView } from '@signalway/shared/credit-admin'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { CreditApplicationValues } from './credit-application-values.tsx'

const signer = (name: string, sameDeviceAs?: string[], sameDeviceAsSender?: boolean) => ({
  name,
  role: 'Director',
  email: `${name.split(' ')[0]?.toLowerCase()}@westgate.example`,
  signedAt: '2026-11-26T01:00:00.000Z',
  ip: '198.51.100.4',
  userAgent: 'Mozilla/5.0 (iPhone)',
  textSha256: 'ef'.repeat(32),
  ...(sameDeviceAs ? { sameDeviceAs } : {}),
  ...(sameDeviceAsSender === undefined ? {} : { sameDeviceAsSender }),
})

const application = (remoteSigners: CreditApplicationView['signingRecord']['remoteSigners']) =>
  ({
    sections: [],
    agreedTerms: true,
    signatures: [],
    guarantors: [],
    trustDeed: null,
    signingRecord: {
      ip: '203.0.113.9',
      userAgent: 'Chromium',
      payloadSha256: 'cd'.repeat(32),
      remoteSigners,
    },
  }) satisfies CreditApplicationView

describe('the signing record of an application signed on the signers’ own devices', () => {
  it('points out the signers who signed from the same IP address and browser, and no one else', () => {
    renderWithProviders(
      <CreditApplicationValues
        application={application([
          signer('Olivia Grant', ['Marcus Webb']),
          signer('Marcus Webb', ['Olivia Grant']),
          signer('Sam Lee', []),
          signer('Ana Diaz'),
        ])}
      />,
    )
    const record = screen.getByRole('region', { name: 'Signing record' })
    const block = (name: string) =>
      within(record).getByRole('heading', { name: `Signed on their own device: ${name} (Director)` })
        .parentElement as HTMLElement
    expect(block('Olivia Grant').textContent).toContain(SIGNING_MESSAGES.sameDevice(['Marcus Webb']))
    expect(block('Marcus Webb').textContent).toContain(SIGNING_MESSAGES.sameDevice(['Olivia Grant']))
    for (const name of ['Sam Lee', 'Ana Diaz']) {
      expect(block(name).textContent).not.toContain('Signed from the same IP address and browser')
    }
  })

  it('points out a signer who signed from the device of the person who sent it for signing', () => {
    renderWithProviders(
      <CreditApplicationValues
        application={application([signer('Olivia Grant', [], true), signer('Marcus Webb', [], false)])}
      />,
    )
    const record = screen.getByRole('region', { name: 'Signing record' })
    const block = (name: string) =>
      within(record).getByRole('heading', { name: `Signed on their own device: ${name} (Director)` })
        .parentElement as HTMLElement
    expect(block('Olivia Grant').textContent).toContain(SIGNING_MESSAGES.sameDeviceAsSender)
    expect(block('Marcus Webb').textContent).not.toContain(SIGNING_MESSAGES.sameDeviceAsSender)
  })
})
