import { MESSAGES } from '@signalway/shared'
import { useId } from 'react'
import type { ModelState } from '../../../lib/api-client.ts'
import { ModalDialog } from '../modal-dialog.tsx'

export interface ErrorModalContent {
  message: string
  status?: number
  /** Validation messages per field; listed when present. */
  modelState?: ModelState
}

export const ERROR_MODAL_TITLE = MESSAGES.errorModalTitle

/**
 * The 'Application Error' modal (requirements §4): message, status and model-state flag.
 * A native <dialog> opened with showModal(): the rest of the page is inert, focus stays
 * inside, Escape closes it, and focus returns to where it was.
 */
export function ErrorModal({ content, onClose }: { content: ErrorModalContent | null; onClose: () => void }) {
  const titleId = useId()

  const entries = content?.modelState ? Object.entries(content.modelState) : []

  return (
    <ModalDialog
      open={content !== null}
      onClose={onClose}
      className="error-modal"
      danger
      labelledBy={titleId}
    >
      {content ? (
        <div className="error-modal__body">
          <h2 id={titleId} className="error-modal__title">
            {ERROR_MODAL_TITLE}
          </h2>
          <p className="error-modal__message">{content.message}</p>
          <dl className="error-modal__details">
            {content.status !== undefined ? (
              <div>
                <dt>Status</dt>
                <dd>{content.status === 0 ? 'No response' : content.status}</dd>
              </div>
            ) : null}
            <div>
              <dt>Validation errors</dt>
              <dd>{entries.length > 0 ? 'Yes' : 'No'}</dd>
            </div>
          </dl>
          {entries.length > 0 ? (
            <ul className="error-modal__model-state">
              {entries.flatMap(([fieldName, messages]) =>
                messages.map((message) => <li key={`${fieldName}:${message}`}>{message}</li>),
              )}
            </ul>
          ) : null}
          <div className="error-modal__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  )
}
