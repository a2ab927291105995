/** What the customer accounts' screens say, beside the shared CUSTOMER_ACCOUNT_MESSAGES the server answers with. */
export const ACCOUNT_SCREEN_MESSAGES = {
  listLoadFailed: 'Unable to load the accounts.',
  loadFailed: 'Unable to load the account.',
  noAccounts: 'No accounts match.',
  detailsSaved: 'The account was saved.',
  detailsSaveFailed: 'Unable to save the account.',
  limitSaved: 'The credit limit was changed.',
  limitSaveFailed: 'Unable to change the credit limit.',
  holdSaved: 'The account is on hold.',
  releaseSaved: 'The account was released from its hold.',
  holdSaveFailed: 'Unable to change the hold.',
  ownerInvitationSent: (email: string) => `The owner invitation was sent again to ${email}.`,
  ownerInvitationFailed: 'Unable to send the owner invitation.',
} as const
