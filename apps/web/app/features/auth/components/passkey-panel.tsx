import {
  type AddPasskeyForm as AddPasskeyValues,
  addPasskeyFormSchema,
  type Passkey,
  type PasskeyName,
  passkeyNameSchema,
} from '@signalway/shared/auth'
import { formatDateTime } from '@signalway/shared/business-time'
import { MESSAGES } from '@signalway/shared/messages'
import { useId, useState } from 'react'
import { FormActions, SubmitButton, TextField, useZodForm } from '../../../components/form/index.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { addPasskey, listPasskeys, removePasskey, renamePasskey } from '../api/passkeys.ts'
import { AuthForm, SubmitOrCancel, useAccountErrors } from './auth-form.tsx'
import { PasswordForm } from './current-password-form.tsx'
import { CurrentPasswordField } from './password-field.tsx'
import { usePasskeySupport } from './use-passkey-support.ts'

export interface PasskeyPanelProps {
  load?: () => Promise<Passkey[]>
  add?: (values: AddPasskeyValues) => Promise<Passkey>
  rename?: (id: string, name: string) => Promise<Passkey>
  remove?: (id: string, values: { currentPassword: string }) => Promise<void>
  /** Whether the browser can make and use passkeys (injected for tests). */
  supported?: boolean
  /** After a passkey was added or removed (two-step sign-in's state may have changed). */
  onChanged?: () => void
  /** A new value loads the list again (after a password change removed passkeys). */
  version?: number
  /** False while the page does not yet know it may ask (the Security section shown before its app): loading. */
  active?: boolean
}

type Editing = { id: string; kind: 'rename' | 'remove' } | null

/**
 * Passkeys in the Security section: the account's passkeys with when they were added and last used,
 * a new one added on this device under a name, renamed, or removed with the current password. A passkey is a
 * second step after the password, or a way to sign in without it.
 */
export function PasskeyPanel({
  load = listPasskeys,
  add = addPasskey,
  rename = renamePasskey,
  remove = removePasskey,
  supported: supportedOverride,
  onChanged,
  version = 0,
  active = true,
}: PasskeyPanelProps) {
  const detected = usePasskeySupport()
  const supported = supportedOverride ?? detected
  const notify = useNotify()
  const headingId = useId()
  const { loaded, reload } = useLoaded(load, MESSAGES.passkeysLoadFailed, version, active)
  const [editing, setEditing] = useState<Editing>(null)
  const changed = () => {
    setEditing(null)
    void reload()
    onChanged?.()
  }
  const items = loaded.state === 'ready' ? loaded.value : []

  return (
    <section
      className="passkeys"
      aria-labelledby={headingId}
      aria-busy={loaded.state === 'loading' || undefined}
    >
      <h3 id={headingId} className="auth-panel__title">
        Passkeys
      </h3>
      <p className="two-step__state">
        A passkey signs you in with your fingerprint, face or device PIN: as the second step after your
        password, or without your password at all. Add one on each device you use.
      </p>
      {loaded.state === 'failed' ? (
        <LoadFailed message={MESSAGES.passkeysLoadFailed} onRetry={reload} />
      ) : null}
      {items.length > 0 ? (
        <ul className="sessions__list" aria-label="Your passkeys">
          {items.map((item) => (
            <li key={item.id} className="sessions__item">
              <div className="sessions__what">{item.name}</div>
              <p className="sessions__when">
                Added <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                <br />
                {item.lastUsedAt ? (
                  <>
                    Last used <time dateTime={item.lastUsedAt}>{formatDateTime(item.lastUsedAt)}</time>
                  </>
                ) : (
                  'Not used yet'
                )}
              </p>
              {editing?.id === item.id ? null : (
                <div className="sessions__action passkeys__actions">
                  <button
                    type="button"
                    className="button button--outline button--sm"
                    onClick={() => setEditing({ id: item.id, kind: 'rename' })}
                  >
                    Rename<span className="visually-hidden"> {item.name}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--outline button--sm"
                    onClick={() => setEditing({ id: item.id, kind: 'remove' })}
                  >
                    Remove<span className="visually-hidden"> {item.name}</span>
                  </button>
                </div>
              )}
              {editing?.id === item.id && editing.kind === 'rename' ? (
                <div className="passkeys__edit">
                  <NameForm
                    title={`Rename ${item.name}`}
                    initial={item.name}
                    submit="Save"
                    busy="Saving…"
                    failed={MESSAGES.passkeyRenameFailed}
                    run={async (name) => {
                      await rename(item.id, name)
                      notify.success(MESSAGES.passkeyRenamed)
                      changed()
                    }}
                    onCancel={() => setEditing(null)}
                  />
                </div>
              ) : null}
              {editing?.id === item.id && editing.kind === 'remove' ? (
                <div className="passkeys__edit">
                  <PasswordForm
                    title={`Remove ${item.name}`}
                    submit="Remove"
                    busy="Removing…"
                    failed={MESSAGES.passkeyRemoveFailed}
                    run={async (values) => {
                      await remove(item.id, values)
                      notify.success(MESSAGES.passkeyRemoved)
                      changed()
                    }}
                    onCancel={() => setEditing(null)}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {supported ? (
        <AddPasskeyForm
          add={add}
          onAdded={(added) => {
            notify.success(MESSAGES.passkeyAdded(added.name))
            changed()
          }}
        />
      ) : (
        <p className="two-step__note">
          This browser cannot make passkeys. Try a recent browser on your phone or computer.
        </p>
      )}
    </section>
  )
}

const EMPTY_PASSKEY: AddPasskeyValues = { name: '', currentPassword: '' }

/**
 * Adds a passkey made on this device under the name given (the device asks the person to confirm). The current
 * password comes first: a passkey signs in without one, so a stolen session alone must not add one.
 */
export function AddPasskeyForm({
  add = addPasskey,
  title = 'Add a passkey on this device',
  level = 4,
  onAdded,
}: {
  add?: (values: AddPasskeyValues) => Promise<Passkey>
  title?: string
  level?: 2 | 3 | 4
  onAdded: (added: Passkey) => void
}) {
  const form = useZodForm(addPasskeyFormSchema, { defaultValues: EMPTY_PASSKEY })
  const errors = useAccountErrors(form)
  return (
    <AuthForm
      title={title}
      level={level}
      form={form}
      onSubmit={async (values: AddPasskeyValues) => {
        const added = await errors.attempt(() => add(values), MESSAGES.passkeyAddFailed)
        if (!added) return
        form.reset(EMPTY_PASSKEY)
        onAdded(added.value)
      }}
      alert={errors.alert}
      requiredNote={false}
      actions={
        <FormActions>
          <SubmitButton busyLabel="Waiting for your device…" variant="primary">
            Add a Passkey
          </SubmitButton>
        </FormActions>
      }
    >
      <TextField
        name="name"
        label="Passkey Name"
        autoComplete="off"
        hint="A name to tell it apart, for example Work laptop or Phone."
        required
      />
      <CurrentPasswordField />
    </AuthForm>
  )
}

/** Renames a passkey. */
function NameForm({
  title,
  initial,
  submit,
  busy,
  failed,
  run,
  onCancel,
}: {
  title: string
  initial: string
  submit: string
  busy: string
  failed: string
  run: (name: string) => Promise<void>
  onCancel: () => void
}) {
  const form = useZodForm(passkeyNameSchema, { defaultValues: { name: initial } })
  const errors = useAccountErrors(form)
  return (
    <AuthForm
      title={title}
      level={4}
      form={form}
      onSubmit={async (values: PasskeyName) => {
        if (await errors.attempt(() => run(values.name), failed)) form.reset({ name: initial })
      }}
      alert={errors.alert}
      requiredNote={false}
      actions={<SubmitOrCancel submit={submit} busy={busy} onCancel={onCancel} />}
    >
      <TextField name="name" label="Passkey Name" autoComplete="off" required />
    </AuthForm>
  )
}
