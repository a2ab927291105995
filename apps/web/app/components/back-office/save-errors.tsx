import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { failureMessage, isApiError } from '../../lib/api-client.ts'
import { applyServerErrors } from '../form/index.ts'
import { useNotify } from '../ui/notifications/index.ts'

/**
 * What a publishing editor does with a failed save: a 409 (someone saved since) calls
 * `onConflict` and says so; a 400 marks the fields the server named; anything else says the save failed.
 * Whatever was typed stays in the form.
 */
export function useSaveErrors(saveFailed: string) {
  const notify = useNotify()
  return <T extends FieldValues>(
    form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
    error: unknown,
    onConflict?: () => void,
  ) => {
    if (isApiError(error) && error.status === 409 && onConflict) {
      onConflict()
      notify.error(error.message)
      return
    }
    applyServerErrors(form, error)
    notify.error(
      isApiError(error) && error.status === 400 ? error.message : failureMessage(error, saveFailed),
    )
  }
}

/** The editor's note after a refused save from an older copy, with the way to load the saved one. */
export function ConflictNotice({
  message,
  reloadLabel,
  onReload,
}: {
  message: string
  reloadLabel: string
  onReload: () => Promise<void>
}) {
  return (
    <div className="record-panel__conflict" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--outline button--sm" onClick={() => void onReload()}>
        {reloadLabel}
      </button>
    </div>
  )
}
