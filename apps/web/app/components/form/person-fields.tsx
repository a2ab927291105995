import { MASKS } from './mask.ts'
import { MaskedInput } from './masked-input.tsx'
import { TextField } from './text-field.tsx'

/**
 * First Name, Last Name, Email and Mobile (04 + 8 digits), two to a row: the block the register,
 * update-profile and admin user forms share (requirements §2). `autoComplete={false}` where someone
 * types another person's details (the admin user form): the browser must not offer their own.
 */
export function PersonFields({ autoComplete = true }: { autoComplete?: boolean }) {
  const hint = (token: string) => (autoComplete ? token : 'off')
  return (
    <>
      <div className="form-row">
        <TextField name="firstName" label="First Name" autoComplete={hint('given-name')} required />
        <TextField name="lastName" label="Last Name" autoComplete={hint('family-name')} required />
      </div>
      <div className="form-row">
        <TextField name="email" type="email" label="Email" autoComplete={hint('email')} required />
        <MaskedInput
          name="mobile"
          type="tel"
          label="Mobile"
          mask={MASKS.mobile}
          placeholder="04XX XXX XXX"
          autoComplete={hint('tel')}
          required
        />
      </div>
    </>
  )
}
