// @vitest-environment happy-dom
import { emailField, firstNameField, lastNameField, mobileField } from '@signalway/shared'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { NotificationsProvider } from '../ui/notifications/index.ts'
import { Form, PersonFields, useZodForm } from './index.ts'

const schema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField({ required: 'Email is required.', invalid: 'Invalid email address' }),
  mobile: mobileField,
})

function Harness({ autoComplete }: { autoComplete?: boolean }) {
  const form = useZodForm(schema, { defaultValues: { firstName: '', lastName: '', email: '', mobile: '' } })
  return (
    <NotificationsProvider>
      <Form form={form} onSubmit={vi.fn()} aria-label="Person">
        <PersonFields autoComplete={autoComplete} />
      </Form>
    </NotificationsProvider>
  )
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name })

describe('PersonFields', () => {
  it('First Name and Last Name, then Email and Mobile, two to a row, all required', () => {
    const { container } = render(<Harness />)
    const rows = container.querySelectorAll('.form-row')
    expect(rows).toHaveLength(2)
    expect([...rows].map((row) => [...row.querySelectorAll('input')].map((input) => input.name))).toEqual([
      ['firstName', 'lastName'],
      ['email', 'mobile'],
    ])
    for (const name of ['First Name', 'Last Name', 'Email', 'Mobile'])
      expect(box(name).getAttribute('aria-required')).toBe('true')
    expect(box('Email').type).toBe('email')
    expect(box('Mobile').type).toBe('tel')
    expect(box('Mobile').placeholder).toBe('04XX XXX XXX')
  })

  it('offers the browser the visitor’s own details, or nothing in a form about someone else', () => {
    const { unmount } = render(<Harness />)
    expect(['First Name', 'Last Name', 'Email', 'Mobile'].map((name) => box(name).autocomplete)).toEqual([
      'given-name',
      'family-name',
      'email',
      'tel',
    ])
    unmount()
    render(<Harness autoComplete={false} />)
    expect(['First Name', 'Last Name', 'Email', 'Mobile'].map((name) => box(name).autocomplete)).toEqual([
      'off',
      'off',
      'off',
      'off',
    ])
  })

  it('masks the mobile as 04XX XXX XXX', async () => {
    render(<Harness />)
    await userEvent.type(box('Mobile'), '0412345678')
    expect(box('Mobile').value).toBe('0412 345 678')
  })
})
