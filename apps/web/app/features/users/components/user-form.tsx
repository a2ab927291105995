import {
  formatMobile,
  MEMBER_TYPES,
  MESSAGES,
  type UpdateUserFormInput,
  type UpdateUserForm as UpdateUserFormValues,
  type UserDetail,
  userDetailToForm,
  userFormSchema,
} from '@signalway/shared'
import {
  type CreateUserChoiceForm,
  type CreateUserChoiceFormInput,
  createUserChoiceFormSchema,
  INVITATION_TTL_HOURS,
  PASSWORD_CHOICES,
} from '@signalway/shared/invitations'
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import {
  applyServerErrors,
  Form,
  FormActions,
  PersonFields,
  RadioGroup,
  RequiredFieldsNote,
  Select,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError } from '../../../lib/api-client.ts'

export const MEMBER_TYPE_OPTIONS = MEMBER_TYPES.map((type) => ({ value: type.value, label: type.label }))

/** Shown on Update User once the email differs from the stored one (what the server does with it). */
export const NEW_EMAIL_UNCONFIRMED =
  'The new email address stays unconfirmed until its owner confirms it from their account, and any ' +
  'change of email they started ends.'

/** The server's Message of a failed save (e.g. 409 'An account with this email address already exists.'). */
function bodyMessage(error: unknown): string | undefined {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return undefined
  const message = (error.body as { Message?: unknown }).Message
  return typeof message === 'string' && message.trim() !== '' ? message : undefined
}

/**
 * After a failed save: the 400's field messages on their fields, a 409 about the email on the
 * email field. Answers the message for the page when one belongs to no field.
 */
function showServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
): string | undefined {
  if (!isApiError(error)) return undefined
  if (error.status === 400) {
    applyServerErrors(form, error)
    return undefined
  }
  const message = bodyMessage(error)
  if (error.status === 409 && message && /email/i.test(message)) {
    form.setError('email' as FieldPath<T>, { type: 'server', message }, { shouldFocus: true })
    return undefined
  }
  return error.status === 409 ? message : undefined
}

function UserFields() {
  return (
    <>
      <RequiredFieldsNote />
      <PersonFields autoComplete={false} />
      <div className="form-row">
        <Select name="memberType" label="Member Type" options={MEMBER_TYPE_OPTIONS} required />
      </div>
    </>
  )
}

/**
 * Create mode (no id in the route): the user's details, then how the password is set: the requirements' password and
 * its confirmation, or an emailed link with which the person sets their own (ADR 035).
 */
export function CreateUserForm({
  save,
  onSaved,
  onProblem,
}: {
  save: (values: CreateUserChoiceForm) => Promise<UserDetail>
  onSaved: (user: UserDetail, values: CreateUserChoiceForm) => void
  /** A message of the server's for the page (e.g. a conflict not about a field). */
  onProblem: (message: string | undefined) => void
}) {
  const notify = useNotify()
  const defaultValues: CreateUserChoiceFormInput = {
    firstName: '',
    lastName: '',
    email: '',
    mobile: '',
    memberType: '',
    passwordChoice: 'password',
    password: '',
    confirmPassword: '',
  }
  const form = useZodForm(createUserChoiceFormSchema, { defaultValues })
  const invite = form.watch('passwordChoice') === 'invite'

  const onSubmit = async (values: CreateUserChoiceForm) => {
    onProblem(undefined)
    try {
      onSaved(await save(values), values)
    } catch (error) {
      const message = showServerErrors(form, error)
      // A refused invitation (the address's daily limit) says why in the server's words.
      onProblem(message ?? (isApiError(error) && error.status === 429 ? bodyMessage(error) : undefined))
      notify.error(MESSAGES.userCreateFailed)
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Create a User" className="user-form">
      <UserFields />
      <RadioGroup
        name="passwordChoice"
        label="How is the password set?"
        options={PASSWORD_CHOICES}
        className="user-form__password-choice"
      />
      {invite ? (
        <p className="field__hint user-form__invite-note" aria-live="polite">
          We will email the address above a link to choose their own password. It works once, for{' '}
          {INVITATION_TTL_HOURS} hours, and confirms that the address is theirs. The email carries only our
          standard text.
        </p>
      ) : (
        <div className="form-row">
          <TextField
            name="password"
            type="password"
            label="Password"
            autoComplete="new-password"
            hint="At least 8 characters, with a number."
            required
          />
          <TextField
            name="confirmPassword"
            type="password"
            label="Confirm Password"
            autoComplete="new-password"
            required
          />
        </div>
      )}
      <FormActions>
        <SubmitButton busyLabel="Creating the user…" variant="primary">
          {invite ? 'Create User and Send Invitation' : 'Create User'}
        </SubmitButton>
      </FormActions>
    </Form>
  )
}

/** Update mode (an id in the route): the loaded details, without the password fields. */
export function UpdateUserForm({
  user,
  save,
  onSaved,
  onProblem,
}: {
  user: UserDetail
  save: (values: UpdateUserFormValues & { id: string }) => Promise<UserDetail>
  onSaved: (user: UserDetail) => void
  onProblem: (message: string | undefined) => void
}) {
  const notify = useNotify()
  const form = useZodForm(userFormSchema('update'), { defaultValues: toUpdateFormValues(user) })
  const email = form.watch('email') ?? ''
  const emailChanged = email.trim().toLowerCase() !== user.email.trim().toLowerCase()

  const onSubmit = async (values: UpdateUserFormValues) => {
    onProblem(undefined)
    try {
      const saved = await save({ ...values, id: user.id })
      form.reset(toUpdateFormValues(saved))
      notify.success(MESSAGES.userUpdated)
      onSaved(saved)
    } catch (error) {
      onProblem(showServerErrors(form, error))
      notify.error(MESSAGES.userUpdateFailed)
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Update User" className="user-form">
      <UserFields />
      <p className="field__hint" aria-live="polite">
        {emailChanged ? NEW_EMAIL_UNCONFIRMED : null}
      </p>
      <FormActions>
        <SubmitButton busyLabel="Saving the user…" variant="primary">
          Update User
        </SubmitButton>
      </FormActions>
    </Form>
  )
}

/** User details -> update form values (userType becomes memberType; the mobile in its mask). */
export function toUpdateFormValues(user: UserDetail): UpdateUserFormInput {
  const values = userDetailToForm(user)
  return { ...values, mobile: formatMobile(values.mobile), memberType: String(values.memberType) }
}
