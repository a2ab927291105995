import { checkPassword } from '@signalway/shared'
import { isCommonPasswordIn } from '@signalway/shared/common-passwords'
import { MESSAGES } from '@signalway/shared/messages'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { cx, type FieldBaseProps, FieldShell, useRegisteredControl } from '../../../components/form/index.ts'
import { useCommonPasswords } from '../common-passwords.ts'

export interface PasswordFieldProps extends FieldBaseProps {
  autoComplete: 'current-password' | 'new-password'
  /** Shows the live checklist of PASSWORD_RULES under the input. */
  checklist?: boolean
}

/**
 * A password input registered with the surrounding <Form>, with a Show/Hide button and, for new
 * passwords, the live checklist of requirements §5 (read out with the input through aria-describedby).
 */
export function PasswordField({ autoComplete, checklist = false, ...field }: PasswordFieldProps) {
  const { name, required, hint, refusedBy } = field
  const { ids, error, control } = useRegisteredControl(name, { required, hint, extra: checklist, refusedBy })
  const [visible, setVisible] = useState(false)
  return (
    <FieldShell
      {...field}
      ids={ids}
      error={error}
      className={cx('password-field', field.className)}
      extra={checklist ? <PasswordChecklist id={ids.extraId} name={name} /> : null}
    >
      <div className="password-field__control">
        <input
          {...control}
          type={visible ? 'text' : 'password'}
          className="input password-field__input"
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-controls={ids.inputId}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
    </FieldShell>
  )
}

/** The current password, asked for before a change that a stolen access token alone must not make. */
export function CurrentPasswordField({ hint }: { hint?: ReactNode }) {
  return (
    <PasswordField
      name="currentPassword"
      label="Current Password"
      autoComplete="current-password"
      hint={hint}
      required
    />
  )
}

type ChecklistLine = { id: string; message: string; ok: boolean }

/**
 * The checklist's lines for a typed password: the requirements' rules a password is measured by (at least 8 characters,
 * a number), and the server's refusal of the most common passwords (`list`, undefined until loaded). 'Password is
 * required.' is the field's error, not a line that could be ticked; an empty password ticks nothing.
 */
export function checklistLines(password: string, list: ReadonlySet<string> | undefined): ChecklistLine[] {
  const rules: ChecklistLine[] = checkPassword(password).filter((rule) => rule.id !== 'required')
  rules.push({
    id: 'common',
    message: MESSAGES.passwordNotCommonRule,
    ok: password !== '' && list !== undefined && !isCommonPasswordIn(list, password),
  })
  return rules
}

/**
 * Each password rule, ticked as soon as the typed password meets it. The list itself is not a live
 * region (it would be read out in full on every keystroke); a polite status says what changed.
 */
export function PasswordChecklist({ id, name }: { id: string; name: string }) {
  const { control } = useFormContext()
  const value = useWatch({ control, name })
  const password = typeof value === 'string' ? value : ''
  const list = useCommonPasswords(password !== '')
  const rules = checklistLines(password, list)
  const [announcement, setAnnouncement] = useState('')
  const previous = useRef<Record<string, boolean> | null>(null)

  const signature = rules.map((rule) => (rule.ok ? 1 : 0)).join('')
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a rule flips (the signature)
  useEffect(() => {
    const before = previous.current
    previous.current = Object.fromEntries(rules.map((rule) => [rule.id, rule.ok]))
    if (!before) return
    const changed = rules.filter((rule) => before[rule.id] !== rule.ok)
    if (changed.length === 0) return
    setAnnouncement(changed.map((rule) => `${rule.message} ${rule.ok ? 'Done.' : 'Not yet.'}`).join(' '))
  }, [signature])

  return (
    <>
      <ul id={id} className="password-checklist" aria-label="Your password must meet these rules">
        {rules.map((rule) => (
          <li
            key={rule.id}
            className={cx('password-checklist__item', rule.ok && 'password-checklist__item--met')}
            data-rule={rule.id}
            data-met={rule.ok}
          >
            <span className="password-checklist__icon" aria-hidden="true" />
            <span>{rule.message}</span>
            <span className="visually-hidden">{rule.ok ? ' (met)' : ' (not met)'}</span>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  )
}
