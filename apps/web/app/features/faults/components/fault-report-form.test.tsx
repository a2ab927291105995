// @vitest-environment happy-dom
import { faultSymptomsFor } from '@signalway/shared/faults'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoutesStub } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { FaultReportForm } from './fault-report-form.tsx'

const symptoms = faultSymptomsFor('vms-boards')

function renderForm(posted?: Parameters<typeof FaultReportForm>[0]['posted']) {
  const Stub = createRoutesStub([
    {
      path: '/equipment/VMS-0001/',
      Component: () => <FaultReportForm symptoms={symptoms} posted={posted} />,
    },
  ])
  return render(<Stub initialEntries={['/equipment/VMS-0001/']} />)
}

describe('the fault report form', () => {
  it('offers the symptoms of the type, the details, a camera photo, name and phone, in keyboard order', async () => {
    const user = userEvent.setup()
    renderForm()
    const labels = symptoms.map((symptom) => symptom.label)
    expect(labels).toEqual([
      'Display blank',
      'Message wrong or garbled',
      'Battery or solar flat',
      'Damaged or knocked over',
      'Other',
    ])
    expect(await screen.findByRole('group', { name: 'What is wrong? (required)' })).toBeTruthy()
    const photo = screen.getByLabelText('Photo')
    expect(photo.getAttribute('accept')).toBe('image/*')
    expect(photo.getAttribute('type')).toBe('file')
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Display blank' }))
    await user.keyboard(' ')
    expect((screen.getByRole('checkbox', { name: 'Display blank' }) as HTMLInputElement).checked).toBe(true)
    // After the phone: the location, then (the honeypot out of the tab order) the send button.
    screen.getByRole('textbox', { name: 'Your phone' }).focus()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add my location' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send fault report' }))
    const form = document.querySelector('form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('enctype')).toBe('multipart/form-data')
  })

  it('adds the location the phone offers as hidden fields', async () => {
    const user = userEvent.setup()
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: -37.8626, longitude: 144.7705, accuracy: 9.6 } } as GeolocationPosition),
    )
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true })
    renderForm()
    await user.click(await screen.findByRole('button', { name: 'Add my location' }))
    expect(await screen.findByText('Location added (within 10 m).')).toBeTruthy()
    const hidden = (name: string) =>
      (document.querySelector(`input[name="${name}"]`) as HTMLInputElement).value
    expect([hidden('lat'), hidden('lng'), hidden('accuracy')]).toEqual(['-37.8626', '144.7705', '9.6'])
  })

  it("shows the API's messages beside their fields, keeping what was typed", async () => {
    renderForm({
      status: 'invalid',
      values: { symptoms: ['other'], name: 'Sam', phone: '' },
      errors: { text: 'Tell us what is wrong.', phone: 'Phone is required.' },
    })
    expect(await screen.findByText('Tell us what is wrong.')).toBeTruthy()
    const phone = screen.getByRole('textbox', { name: 'Your phone' })
    expect(phone.getAttribute('aria-invalid')).toBe('true')
    expect(phone.getAttribute('aria-describedby')).toBeTruthy()
    expect((screen.getByRole('checkbox', { name: 'Other' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('textbox', { name: 'Your name' }) as HTMLInputElement).value).toBe('Sam')
  })

  it('confirms with the reference and the 24/7 number', async () => {
    renderForm({
      status: 'sent',
      reported: {
        reference: 'F-2026-000123',
        reportedAt: '2026-11-25T00:00:00.000Z',
        phone: { display: '1300 975 707', href: 'tel:1300975707' },
      },
    })
    expect(await screen.findByRole('heading', { name: 'Fault reported' })).toBeTruthy()
    expect(screen.getByText('F-2026-000123')).toBeTruthy()
    expect(screen.getByRole('link', { name: '1300 975 707' }).getAttribute('href')).toBe('tel:1300975707')
    expect(screen.queryByRole('button', { name: 'Send fault report' })).toBeNull()
  })
})
