/**
 * Notification and page texts of requirements §2, §5, §6 and §8, letter for letter (odd spellings
 * included). Validation messages live with their schemas.
 */
export const MESSAGES = {
  // Authentication
  loginFailed: 'Sorry, your user name or password is incorrect or we were unable to connect to the server.',
  registerFailed: 'Unable to register.',
  profileFetchFailed: 'Unable to fetch the user profile.',
  forgotPasswordInitiated: 'Change password has been initiated. Please check you email.',
  forgotPasswordFailed: 'Account does not exist.',
  resetPasswordFailed: 'Account does not exist.',
  resetPasswordInvalid: 'Your password reset request is invalid, please reset your password again.',
  /** Ours: the page text after a successful forgot-password request (the requirements give no exact text). */
  forgotPasswordSent: (email: string) => `A password reset link has been sent to ${email}.`,

  // User management
  usersLoadFailed: 'Unable to load the users.',
  userDeleteFailed: 'Unable to delete the user.',
  userDeleted: 'The user has been successfully deleted.',
  userCreateFailed: 'Unable to register the user.',
  userUpdateFailed: 'Unable to update the user details.',
  userUpdated: 'The user details have been updated.',
  userDetailsLoadFailed: 'Unable to get the user details.',
  noUsers: 'No users.',
  deleteUserTitle: 'Delete User',
  deleteUserConfirm: (name: string) => `Are you sure you want to delete ${name}? This cannot be undone.`,

  // Enquiries
  contactSent: 'Your message has been successfully sent.',
  contactFailed: 'Unable to send your message.',
  quoteSent: 'Your quote request has been successfully sent.',
  quoteFailed: 'Unable to send your quote request.',

  // Profile
  profileUpdated: 'Your profile has been successfully updated.',
  profileUpdateFailed: 'Unable to update your profile.',

  // Credit application
  creditSubmitted: 'Thank you, your application for credit has been submitted successfully.',
  creditFailed: 'Unable to submit the application for credit.',
  creditAddFaxNumber: 'Please add a fax number.',
  creditSignDocument: 'Please sign the document.',
  creditSignGuarantee: 'Please sign the guarantee and indemnity section.',

  // File upload
  fileTypeNotSupported: 'File type is not supported.',
  fileTooLarge: 'File is too large.',

  // Records that are not there (404 answers)
  userNotFound: 'User not found.',

  // Success texts beyond the requirements, in their success style
  welcome: (firstName: string) => `Welcome, ${firstName}`,
  passwordChangedSignedIn: 'Your password has been changed and you are signed in.',

  // Account security: ours, in the requirements' style
  passwordChanged: 'Your password has been changed. Every other session has been signed out.',
  passwordChangeFailed: 'Unable to change your password.',
  currentPasswordWrong: 'The current password is incorrect.',
  sessionsLoadFailed: 'Unable to load your sessions.',
  sessionSignedOut: 'That session has been signed out.',
  otherSessionsSignedOut: (count: number) =>
    count === 1 ? 'One other session has been signed out.' : `${count} other sessions have been signed out.`,
  sessionSignOutFailed: 'Unable to sign out the session.',
  currentPasswordForEmail: 'Enter your current password to change your email address.',
  emailChangePending: (newEmail: string, oldEmail: string) =>
    `We have sent a confirmation link to ${newEmail}. Your email address changes when you open it; until then, sign in with ${oldEmail}.`,
  emailChangeConfirmed: (email: string) => `Your email address is now ${email}.`,
  /** Ours: the account's own address confirmed, nothing changed. */
  emailConfirmed: (email: string) => `Thank you: ${email} is confirmed as your account's email address.`,
  /** Ours: a confirmation link opened while signed in to an account other than the one it was sent for. */
  emailLinkOtherAccount:
    'This link belongs to another account. Please log out, log in to the account it was sent for, and open the link again.',
  emailChangeCancelled: 'The change of your email address has been cancelled.',
  emailChangeLinkInvalid:
    'This link is not valid any more. Please change your email address again from your profile.',
  twoStepLoadFailed: 'Unable to load your two-step sign-in settings.',
  twoStepStartFailed: 'Unable to start setting up the authenticator app.',
  twoStepConfirmFailed: 'Unable to turn on two-step sign-in.',
  twoStepOn: 'Two-step sign-in is on.',
  twoStepOff: 'Two-step sign-in is off.',
  twoStepRemoveFailed: 'Unable to turn off two-step sign-in.',
  twoStepCodesFailed: 'Unable to make new recovery codes.',
  passkeysLoadFailed: 'Unable to load your passkeys.',
  passkeyAdded: (name: string) => `The passkey ${name} has been added.`,
  passkeyAddFailed: 'The passkey was not added. Please try again.',
  passkeyRenamed: 'The passkey has been renamed.',
  passkeyRenameFailed: 'Unable to rename the passkey.',
  passkeyRemoved: 'The passkey has been removed.',
  passkeyRemoveFailed: 'Unable to remove the passkey.',
  passkeysRemoved: 'Your passkeys have been removed.',
  passkeysRemoveFailed: 'Unable to remove your passkeys. Please remove them one by one under Passkeys.',
  passkeySignInFailed:
    'Sorry, signing in with a passkey did not work. Please try again, or use your password.',
  twoStepCodeFailed: 'Sorry, that code did not work. Please try again.',
  twoStepReset: (name: string) => `Two-step sign-in has been reset for ${name}.`,
  twoStepResetFailed: 'Unable to reset two-step sign-in.',

  // Server answers (ours: the requirements give no text)
  emailTaken: 'An account with this email address already exists.',
  /** An address nobody has proved has had its day's emails of one kind (a confirmation link, say). */
  addressMailLimit:
    'We have sent as many emails to this address today as we send in a day. Please try again tomorrow.',
  passwordTooCommon: 'Password is too common.',
  /** The live checklist's line for the rule above (ticked only for a typed password that is not on the list). */
  passwordNotCommonRule: 'Must not be a common password.',

  // Generic
  formHasErrors: 'You have one or more fields missing, please correct these and submit again.',
  accessDenied: 'Unable to access page.',
  noResponse: 'Oops, something went wrong. Check the console logs for details.',
  unknownError: 'Oops, something went wrong.',
  errorModalTitle: 'Application Error',
  pageNotFound: 'Page Not Found',
} as const

export type MessageKey = keyof typeof MESSAGES
