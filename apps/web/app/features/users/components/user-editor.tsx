import { MESSAGES, type UserDetail, userDisplayName } from '@signalway/shared'
import { type CreateUserChoiceForm, INVITATION_MESSAGES } from '@signalway/shared/invitations'
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { createUser } from '../api/create-user.ts'
import { getUser } from '../api/get-user.ts'
import { inviteUser } from '../api/invite-user.ts'
import { updateUser } from '../api/update-user.ts'
import { useUserListHref } from '../list-location.ts'
import { DriverPanel } from './driver-panel.tsx'
import { SecondFactorReset } from './second-factor-reset.tsx'
import { CreateUserForm, UpdateUserForm } from './user-form.tsx'

function Problem({ message }: { message: string | undefined }) {
  return message ? (
    <p className="form-alert" role="alert">
      {message}
    </p>
  ) : null
}

function BackToUsers() {
  return (
    <p className="user-editor__back">
      <Link to={useUserListHref()}>Back to Manage Users</Link>
    </p>
  )
}

/** the requirements' create call with the password staff chose, or an invitation to set one (ADR 035). */
function saveNewUser(values: CreateUserChoiceForm): Promise<UserDetail> {
  const { passwordChoice, password, confirmPassword, ...person } = values
  if (passwordChoice === 'invite') return inviteUser(person)
  return createUser({ ...person, password: password ?? '', confirmPassword: confirmPassword ?? '' })
}

/** /admin/create-user/: the user form in create mode; after a create, back to the list. */
export function CreateUserEditor() {
  const notify = useNotify()
  const navigate = useNavigate()
  const listHref = useUserListHref()
  const [problem, setProblem] = useState<string | undefined>()
  return (
    <div className="user-editor">
      <BackToUsers />
      <Problem message={problem} />
      <CreateUserForm
        save={saveNewUser}
        onSaved={(user, values) => {
          if (values.passwordChoice === 'invite') notify.success(INVITATION_MESSAGES.sent(user.email))
          navigate(listHref)
        }}
        onProblem={setProblem}
      />
    </div>
  )
}

/**
 * /admin/update-user/:id: loads the user ('Unable to get the user details.' on failure), then the
 * form in update mode; after an update it stays and notifies.
 */
export function UpdateUserEditor({ id }: { id: string }) {
  const notify = useNotify()
  const [user, setUser] = useState<UserDetail | null>(null)
  const [failed, setFailed] = useState(false)
  const [problem, setProblem] = useState<string | undefined>()

  useEffect(() => {
    let cancelled = false
    setUser(null)
    setFailed(false)
    getUser(id)
      .then((loaded) => {
        if (!cancelled) setUser(loaded)
      })
      .catch((error: unknown) => {
        if (cancelled) return
        setFailed(true)
        notify.error(failureMessage(error, MESSAGES.userDetailsLoadFailed))
      })
    return () => {
      cancelled = true
    }
  }, [id, notify])

  return (
    <div className="user-editor">
      <BackToUsers />
      {user ? (
        <>
          <h2 className="user-editor__name">{userDisplayName(user)}</h2>
          <Problem message={problem} />
          <UpdateUserForm
            key={user.id}
            user={user}
            save={(values) => updateUser(values)}
            // The update answers the user without their two-step state: it has not changed.
            onSaved={(saved) => setUser({ ...saved, secondFactor: user.secondFactor })}
            onProblem={setProblem}
          />
          <SecondFactorReset user={user} onReset={() => setUser({ ...user, secondFactor: false })} />
          <DriverPanel user={user} />
        </>
      ) : failed ? (
        <p className="user-editor__status">{MESSAGES.userDetailsLoadFailed}</p>
      ) : (
        <p className="user-editor__status" role="status">
          Loading the user details…
        </p>
      )}
    </div>
  )
}
