import { IMAGE_UPLOAD_MAX_BYTES, PUBLISHING_MESSAGES, type UploadedImage } from '@signalway/shared/publishing'
import { type ChangeEvent, useState } from 'react'
import { type FieldValues, type Path, type PathValue, useFormContext, useWatch } from 'react-hook-form'
import { failureMessage, isApiError } from '../../lib/api-client.ts'
import { fieldAria } from './control.ts'
import { FieldShell, useFieldError, useFieldIds } from './field.tsx'

export const IMAGE_UPLOAD_FAILED = 'Unable to upload the image.'
export const IMAGE_FIELD_HINT =
  'PNG, JPEG or WebP, at least 800 × 450 pixels; it is cropped to 16:9 around its subject.'

/** A chosen file as a data: URL. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsDataURL(file)
  })
}

/**
 * An image of the publishing image pipeline (ADR 022, ADR 047): uploaded as soon as it is chosen; the server
 * checks its bytes and keeps a re-encoded copy, and the field holds the path it answers ('' for none). An
 * optional image can be removed; choosing another file replaces it.
 */
export function ImageField<Values extends FieldValues>({
  name,
  upload,
  label = 'Image',
  required = false,
  removeLabel = 'Remove the image',
}: {
  name: Path<Values>
  upload: (dataUrl: string) => Promise<UploadedImage>
  label?: string
  required?: boolean
  removeLabel?: string
}) {
  const { setValue, setError, clearErrors } = useFormContext<Values>()
  const image = useWatch<Values>({ name }) as string | undefined
  const ids = useFieldIds()
  const error = useFieldError(name)
  const [busy, setBusy] = useState(false)
  const hint = IMAGE_FIELD_HINT
  const set = (value: string) =>
    setValue(name, value as PathValue<Values, Path<Values>>, { shouldDirty: true })

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setError(name, { type: 'server', message: PUBLISHING_MESSAGES.imageTooLarge })
      input.value = ''
      return
    }
    setBusy(true)
    try {
      const uploaded = await upload(await readAsDataUrl(file))
      set(uploaded.image)
      clearErrors(name)
    } catch (failure) {
      const message =
        (isApiError(failure) && failure.modelState?.image?.[0]) ||
        failureMessage(failure, IMAGE_UPLOAD_FAILED)
      setError(name, { type: 'server', message })
    } finally {
      setBusy(false)
      input.value = ''
    }
  }

  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={hint}
      required={required}
      error={error}
      className="publishing__image"
    >
      <div className="publishing__image-frame">
        {image ? (
          <img src={image} width={400} height={225} alt="" className="publishing__image-preview" />
        ) : (
          <span className="publishing__image-empty">No image yet</span>
        )}
      </div>
      <input
        id={ids.inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="input input--file"
        data-field={name}
        onChange={(event) => void choose(event)}
        aria-busy={busy || undefined}
        {...fieldAria(ids, { required, hint, error })}
      />
      {!required && image ? (
        <p>
          <button
            type="button"
            className="button button--outline button--sm"
            onClick={() => {
              set('')
              clearErrors(name)
            }}
          >
            {removeLabel}
          </button>
        </p>
      ) : null}
      <p className="publishing__status" role="status">
        {busy ? 'Uploading the image…' : ''}
      </p>
    </FieldShell>
  )
}
