import { TextField } from '../../../components/form/index.ts'

/** The 6-digit code of an authenticator app: a numeric keypad, and the phone's one-time-code autofill. */
export function AuthenticatorCodeField({ hint }: { hint?: string }) {
  return (
    <TextField
      name="code"
      label="Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      {...(hint ? { hint } : {})}
      required
    />
  )
}
