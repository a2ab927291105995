// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LIMITS } from '@signalway/shared/constants'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ModalDialog } from '../modal-dialog.tsx'
import { type ErrorModalContent, NotificationsProvider, type Notify, useNotify } from './index.ts'

let notify: Notify
function Capture() {
  notify = useNotify()
  return null
}

function setup() {
  render(
    <NotificationsProvider>
      <Capture />
      <button type="button">Outside</button>
    </NotificationsProvider>,
  )
}

afterEach(() => {
  vi.useRealTimers()
})

describe('notifications', () => {
  it('are as wide as the requirements say (styles/tokens.css keeps LIMITS.notificationWidth)', () => {
    const css = readFileSync(join(import.meta.dirname, '../../../styles/tokens.css'), 'utf8')
    expect(css).toContain(`--notification-width: ${LIMITS.notificationWidth}px;`)
  })

  it('shows a success as a polite status and an error as an alert', () => {
    setup()
    act(() => {
      notify.success('Your message has been successfully sent.')
      notify.error('Unable to send your message.')
    })
    const status = screen.getByRole('status')
    expect(status.textContent).toContain('Your message has been successfully sent.')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.className).toContain('notification--success')
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Unable to send your message.')
    expect(alert.className).toContain('notification--error')
  })

  it('closes with the close button', async () => {
    const user = userEvent.setup()
    setup()
    act(() => {
      notify.success('Saved.')
    })
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Close notification' }))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('dismisses itself after its duration', () => {
    vi.useFakeTimers()
    setup()
    act(() => {
      notify.success('Saved.', { duration: 1000 })
    })
    expect(screen.getByRole('status')).toBeTruthy()
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('throws outside the provider', () => {
    expect(() => render(<Capture />)).toThrow('useNotify must be used inside <NotificationsProvider>.')
  })
})

describe("'Application Error' modal", () => {
  const content: ErrorModalContent = {
    message: 'Oops, something went wrong.',
    status: 400,
    modelState: { email: ['Invalid email address'], name: ['Name is required.'] },
  }

  it('opens as a modal dialog with message, status and the model-state messages', () => {
    setup()
    act(() => notify.showError(content))
    const dialog = screen.getByRole('dialog', { name: 'Application Error' })
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(dialog.textContent).toContain('Oops, something went wrong.')
    expect(dialog.textContent).toContain('400')
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Invalid email address', 'Name is required.'])
  })

  it('says there is no model state when none is given', () => {
    setup()
    act(() => notify.showError({ message: 'Boom', status: 500 }))
    const dialog = screen.getByRole('dialog', { name: 'Application Error' })
    expect(dialog.textContent).toContain('Validation errorsNo')
    expect(within(dialog).queryByRole('list')).toBeNull()
  })

  it('closes with the Close button and with Escape (the cancel event)', async () => {
    const user = userEvent.setup()
    setup()
    act(() => notify.showError(content))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    act(() => notify.showError(content))
    const dialog = screen.getByRole('dialog') as HTMLDialogElement
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('notifications and modal dialogs (ADR 035)', () => {
  function WithDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
    return (
      <ModalDialog open={open} onClose={onClose} className="test-dialog" labelledBy="t">
        <h2 id="t">A dialog</h2>
      </ModalDialog>
    )
  }

  it('render inside the open dialog (above its backdrop, not inert), and back in the page once it closes', () => {
    const onClose = vi.fn()
    const { rerender } = render(
      <NotificationsProvider>
        <Capture />
        <WithDialog open onClose={onClose} />
      </NotificationsProvider>,
    )
    act(() => {
      notify.success('The user details have been updated.')
    })
    const dialog = document.querySelector('dialog.test-dialog') as HTMLDialogElement
    const list = screen.getByRole('region', { name: 'Notifications' })
    expect(dialog.contains(list)).toBe(true)
    expect(within(list).getByText('The user details have been updated.')).toBeTruthy()
    rerender(
      <NotificationsProvider>
        <Capture />
        <WithDialog open={false} onClose={onClose} />
      </NotificationsProvider>,
    )
    const after = screen.getByRole('region', { name: 'Notifications' })
    expect(dialog.contains(after)).toBe(false)
    expect(within(after).getByText('The user details have been updated.')).toBeTruthy()
  })

  it('every dialog has its Close button (×) first in its header, which closes it', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(
      <NotificationsProvider>
        <WithDialog open onClose={onClose} />
      </NotificationsProvider>,
    )
    const dialog = document.querySelector('dialog.test-dialog') as HTMLDialogElement
    const close = within(dialog).getByRole('button', { name: 'Close dialog' })
    expect(dialog.firstElementChild).toBe(close)
    expect(close.className).toBe('modal__close')
    await user.click(close)
    expect(onClose).toHaveBeenCalled()
  })
})
