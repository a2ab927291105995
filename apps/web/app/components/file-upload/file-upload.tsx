import { MESSAGES } from '@signalway/shared'
import { type DragEvent, type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react'
import { cx, describedBy, FieldErrorText, RequiredMark } from '../form/index.ts'
import {
  checkFile,
  formatKb,
  formatLimit,
  readAsDataUrl,
  toKb,
  truncateFileName,
  UPLOAD_MODES,
  UPLOADER_DEFAULTS,
  type UploadedFile,
  type UploadMode,
} from './file-rules.ts'

export interface FileUploadProps {
  label: ReactNode
  /** Replaces the default hint ('PDF only; 1 file of at most 10 MB.'). */
  hint?: ReactNode
  required?: boolean
  /** Which types are accepted; 'Any' by default. */
  mode?: UploadMode
  /** Requirements §9 defaults: 5 files, 100000 bytes, 0 bytes. */
  maxFiles?: number
  maxSize?: number
  minSize?: number
  value: readonly UploadedFile[]
  onChange: (files: UploadedFile[]) => void
  /** The field's error (e.g. 'Please add at least one file.'). */
  error?: string | undefined
  /** The form path, set as data-field on the file input so a failed submit can focus it. */
  name?: string
  className?: string
  inputRef?: Ref<HTMLInputElement>
}

interface Reading {
  key: number
  name: string
  progress: number
}

interface Problem {
  key: number
  name: string
  message: string
}

/**
 * A file uploader: a real file input (keyboard and screen readers) inside a drop zone (drag and
 * drop). Each accepted file is read as a data URL with its progress shown, then listed with its
 * size in KB and a Remove button; names over 16 characters are truncated, the full name stays in
 * the title and is read out. Refused files are listed with the requirements' message ('File type is not
 * supported.', 'File is too large.'). With one file allowed, a new file replaces the old one.
 */
export function FileUpload({
  label,
  hint,
  required,
  mode = 'Any',
  maxFiles = UPLOADER_DEFAULTS.maxFiles,
  maxSize = UPLOADER_DEFAULTS.maxSize,
  minSize = UPLOADER_DEFAULTS.minSize,
  value,
  onChange,
  error,
  name,
  className,
  inputRef,
}: FileUploadProps) {
  const id = useId()
  const ids = { input: `${id}input`, hint: `${id}hint`, error: `${id}error`, problems: `${id}problems` }
  const [reading, setReading] = useState<Reading[]>([])
  const [problems, setProblems] = useState<Problem[]>([])
  const [dragging, setDragging] = useState(false)
  const nextKey = useRef(1)
  // The latest files, also between renders while several reads finish.
  const files = useRef<UploadedFile[]>([...value])
  files.current = [...value]
  const pending = useRef(0)
  const ownInput = useRef<HTMLInputElement | null>(null)
  const aborter = useRef<AbortController | null>(null)
  const rules = UPLOAD_MODES[mode]

  useEffect(() => {
    const controller = new AbortController()
    aborter.current = controller
    return () => controller.abort()
  }, [])

  const emit = (next: UploadedFile[]) => {
    files.current = next
    onChange(next)
  }

  const read = async (file: File, replace: boolean) => {
    const key = nextKey.current++
    pending.current += 1
    setReading((current) => [...current, { key, name: file.name, progress: 0 }])
    const progress = (fraction: number) =>
      setReading((current) =>
        current.map((item) => (item.key === key ? { ...item, progress: fraction } : item)),
      )
    try {
      const data = await readAsDataUrl(file, progress, aborter.current?.signal)
      // A renamed file is refused by its content, with the type message.
      if (rules.verify && !rules.verify(data)) {
        setProblems((current) => [
          ...current,
          { key, name: file.name, message: MESSAGES.fileTypeNotSupported },
        ])
        return
      }
      const uploaded: UploadedFile = { name: file.name, data, size: toKb(file.size) }
      emit(replace ? [uploaded] : [...files.current, uploaded])
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') return
      setProblems((current) => [...current, { key, name: file.name, message: 'The file could not be read.' }])
    } finally {
      pending.current -= 1
      setReading((current) => current.filter((item) => item.key !== key))
    }
  }

  const add = (picked: File[]) => {
    if (picked.length === 0) return
    const refused: Problem[] = []
    const accepted: File[] = []
    for (const file of picked) {
      const message = checkFile(file, mode, { maxSize, minSize })
      if (message) refused.push({ key: nextKey.current++, name: file.name, message })
      else accepted.push(file)
    }
    const replace = maxFiles === 1
    const room = replace ? 1 : Math.max(0, maxFiles - files.current.length - pending.current)
    for (const file of accepted.slice(room)) {
      refused.push({
        key: nextKey.current++,
        name: file.name,
        message: `You can add at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'}.`,
      })
    }
    setProblems(refused)
    for (const file of accepted.slice(0, room)) void read(file, replace)
  }

  const remove = (index: number) => {
    emit(files.current.filter((_, i) => i !== index))
    setProblems([])
    ownInput.current?.focus()
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    add(Array.from(event.dataTransfer.files))
  }

  const setInput = (element: HTMLInputElement | null) => {
    ownInput.current = element
    if (typeof inputRef === 'function') inputRef(element)
    else if (inputRef) inputRef.current = element
  }

  const defaultHint = `${rules.description}; ${
    maxFiles === 1 ? '1 file' : `up to ${maxFiles} files`
  } of at most ${formatLimit(maxSize)}${maxFiles === 1 ? '' : ' each'}.`

  return (
    <div className={cx('field file-upload', error && 'field--invalid', className)}>
      <label htmlFor={ids.input} className="field__label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <p id={ids.hint} className="field__hint">
        {hint ?? defaultHint}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is a pointer extra; the file input inside is the accessible control */}
      <div
        className={cx('file-upload__zone', dragging && 'file-upload__zone--active')}
        onDragEnter={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragOver={(event) => {
          event.preventDefault()
          event.dataTransfer.dropEffect = 'copy'
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={onDrop}
      >
        <input
          ref={setInput}
          id={ids.input}
          type="file"
          className="file-upload__input"
          accept={rules.accept}
          multiple={maxFiles > 1}
          data-field={name}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids.hint, problems.length > 0 && ids.problems, error && ids.error)}
          onChange={(event) => {
            add(Array.from(event.currentTarget.files ?? []))
            // The same file can be picked again after a removal.
            event.currentTarget.value = ''
          }}
        />
        <label htmlFor={ids.input} className="button button--outline file-upload__button">
          {maxFiles === 1 ? 'Choose a file' : 'Choose files'}
        </label>
        <span className="file-upload__drop-text">or drag and drop {maxFiles === 1 ? 'it' : 'them'} here</span>
      </div>

      {reading.length > 0 ? (
        <ul className="file-upload__list" aria-label="Files being read">
          {reading.map((item) => (
            <li key={item.key} className="file-upload__item file-upload__item--reading">
              <span className="file-upload__name" title={item.name}>
                {truncateFileName(item.name)}
              </span>
              <progress
                className="file-upload__progress"
                max={100}
                value={Math.round(item.progress * 100)}
                aria-label={`Reading ${item.name}`}
              />
            </li>
          ))}
        </ul>
      ) : null}

      <div id={ids.problems} className="file-upload__problems" aria-live="assertive">
        {problems.map((problem) => (
          <p key={problem.key} className="field__error">
            <span className="field__error-icon" aria-hidden="true">
              !
            </span>
            <span>
              <span className="file-upload__problem-name" title={problem.name}>
                {truncateFileName(problem.name)}
              </span>
              : {problem.message}
            </span>
          </p>
        ))}
      </div>

      {value.length > 0 ? (
        <ul className="file-upload__list" aria-label="Added files">
          {value.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an added file has no identity but its place in the list
            <li key={`${file.name}-${index}`} className="file-upload__item">
              <span className="file-upload__icon" aria-hidden="true">
                {extensionLabel(file.name)}
              </span>
              <span className="file-upload__name" title={file.name} aria-hidden="true">
                {truncateFileName(file.name)}
              </span>
              <span className="visually-hidden">{file.name}</span>
              <span className="file-upload__size">{formatKb(file.size)}</span>
              <button
                type="button"
                className="button button--outline button--sm file-upload__remove"
                aria-label={`Remove ${file.name}`}
                onClick={() => remove(index)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <FieldErrorText id={ids.error} message={error} />
    </div>
  )
}

function extensionLabel(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1, dot + 5).toUpperCase() : 'FILE'
}
