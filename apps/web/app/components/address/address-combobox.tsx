import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react'
import { cx } from '../form/index.ts'
import type { AddressProvider, AddressSuggestion } from './address-provider.ts'

export const NO_MATCHES = 'No matches'
export const SEARCHING = 'Searching…'
export const SEARCH_UNAVAILABLE = 'Address search is unavailable. Please enter the address manually.'
/** Fewer characters than this are not looked up. */
const MIN_QUERY = 2

export interface AddressComboboxProps {
  label: string
  hint?: string
  value: string
  onValueChange: (value: string) => void
  /** A suggestion was chosen (Enter or click); `typed` is the text it was found with. */
  onChoose: (suggestion: AddressSuggestion, typed: string) => void
  provider: AddressProvider
  /** Wait after the last keystroke before asking the provider (ms). */
  debounceMs?: number
  inputRef?: Ref<HTMLInputElement>
  /** The form path the input stands for, so the form kit can focus it. */
  dataField?: string
  /** The input's name, for a form posted without JavaScript. */
  name?: string
  /** The browser's own autofill hint ('off' by default: the list is ours). */
  autoComplete?: string
  invalid?: boolean
  describedBy?: string
}

type Status = 'idle' | 'loading' | 'done' | 'error'

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/**
 * An editable combobox with list autocomplete, after the ARIA 1.2 pattern (WAI-ARIA APG
 * "Combobox With List Autocomplete"): the input keeps focus and points at the highlighted option
 * with aria-activedescendant. Down/Up move through the suggestions (opening the list), Enter
 * chooses, Escape closes the list (or, when closed, clears the input), Tab and blur close it.
 * The provider is asked after a pause in typing; a newer query aborts the older request. A polite
 * live region says how many suggestions there are, or 'No matches'.
 */
export function AddressCombobox({
  label,
  hint,
  value,
  onValueChange,
  onChoose,
  provider,
  debounceMs = 250,
  inputRef,
  dataField,
  name,
  autoComplete = 'off',
  invalid,
  describedBy,
}: AddressComboboxProps) {
  const id = useId()
  const inputId = `${id}input`
  const listboxId = `${id}listbox`
  const hintId = `${id}hint`
  const optionId = (index: number) => `${id}option-${index}`

  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState<Status>('idle')
  const [options, setOptions] = useState<AddressSuggestion[]>([])
  const [active, setActive] = useState(-1)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const request = useRef<AbortController | null>(null)

  const cancel = () => {
    clearTimeout(timer.current)
    request.current?.abort()
    request.current = null
  }
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      request.current?.abort()
    },
    [],
  )

  function search(text: string) {
    cancel()
    if (text.replace(/[^A-Za-z0-9]/gu, '').length < MIN_QUERY) {
      setOptions([])
      setActive(-1)
      setStatus('idle')
      setOpen(false)
      return
    }
    setStatus('loading')
    setOpen(true)
    timer.current = setTimeout(() => {
      const controller = new AbortController()
      request.current = controller
      provider.suggest(text, controller.signal).then(
        (results) => {
          if (controller.signal.aborted) return
          setOptions(results)
          setActive(-1)
          setStatus('done')
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return
          setOptions([])
          setActive(-1)
          setStatus('error')
        },
      )
    }, debounceMs)
  }

  function close() {
    setOpen(false)
    setActive(-1)
  }

  function choose(index: number) {
    const option = options[index]
    if (!option) return
    cancel()
    close()
    setStatus('idle')
    onChoose(option, value)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault()
        if (status === 'idle' && !open) {
          search(value)
          return
        }
        setOpen(true)
        if (count > 0) setActive((current) => (current + 1) % count)
        return
      }
      case 'ArrowUp': {
        event.preventDefault()
        setOpen(true)
        if (count > 0) setActive((current) => (current <= 0 ? count - 1 : current - 1))
        return
      }
      case 'Enter': {
        // While the popup is open (suggestions, searching, no matches) Enter never submits the form.
        if (open) {
          event.preventDefault()
          if (count > 0 && active >= 0) choose(active)
        }
        return
      }
      case 'Escape': {
        if (open) {
          event.preventDefault()
          event.stopPropagation()
          cancel()
          close()
        } else if (value !== '') {
          event.preventDefault()
          onValueChange('')
        }
        return
      }
      case 'Tab':
        close()
        return
      default:
        return
    }
  }

  const showList = open && status === 'done' && options.length > 0
  const message =
    status === 'loading'
      ? SEARCHING
      : status === 'error'
        ? SEARCH_UNAVAILABLE
        : status === 'done' && options.length === 0
          ? NO_MATCHES
          : ''
  const announcement =
    status === 'done'
      ? options.length === 0
        ? NO_MATCHES
        : `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'} available.`
      : status === 'error'
        ? SEARCH_UNAVAILABLE
        : ''

  return (
    <div className="field combobox">
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="combobox__anchor">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          className="input combobox__input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[hint ? hintId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined}
          autoComplete={autoComplete}
          spellCheck={false}
          name={name}
          data-field={dataField}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value)
            search(event.target.value)
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <div
          className={cx('combobox__popup', open && message !== '' && !showList && 'combobox__popup--open')}
        >
          {open && message !== '' && !showList ? <p className="combobox__message">{message}</p> : null}
        </div>
        <ul
          id={listboxId}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA 1.2 listbox of a combobox
          role="listbox"
          aria-label={`${label} suggestions`}
          className="combobox__listbox"
          hidden={!showList}
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: options stay unfocusable; the input keeps focus and handles the keys (aria-activedescendant)
            <li
              key={option.id}
              id={optionId(index)}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the ARIA 1.2 listbox
              role="option"
              aria-selected={index === active}
              className={cx('combobox__option', index === active && 'combobox__option--active')}
              // Keeps the focus in the input, so the list does not close before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
              onMouseMove={() => {
                if (active !== index) setActive(index)
              }}
            >
              {option.label}
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}
