import type { ClipboardEvent } from 'react'
import { useFormContext } from 'react-hook-form'
import { TextField } from '../../../components/form/index.ts'

/** The digits of a pasted code, when the text holds exactly one 6-digit code ('123 456', '123-456', 'Code: 123456'). */
export function pastedCode(text: string): string | undefined {
  const digits = text.replace(/\D/gu, '')
  return digits.length === 6 && /^\D*\d{3}[\s.-]?\d{3}\D*$/u.test(text.trim()) ? digits : undefined
}

/**
 * The 6-digit code of an authenticator app: a numeric keypad, the phone's one-time-code autofill, and a paste of
 * the whole code as an app copies it (with its space or dash, or words around it) gives the six digits.
 */
export function AuthenticatorCodeField({ hint }: { hint?: string }) {
  const { setValue, clearErrors } = useFormContext<{ code: string }>()
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const code = pastedCode(event.clipboardData.getData('text'))
    if (code === undefined) return
    event.preventDefault()
    setValue('code', code, { shouldDirty: true, shouldTouch: true })
    clearErrors('code')
  }
  return (
    <TextField
      name="code"
      label="Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      onPaste={onPaste}
      {...(hint ? { hint } : {})}
      required
    />
  )
}
