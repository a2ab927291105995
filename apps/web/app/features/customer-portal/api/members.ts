import type {
  AccountAuditPage,
  AccountInvitationPreview,
  InviteMemberInput,
  MemberUpdateInput,
  PortalInvitation,
  PortalInvitations,
  PortalMember,
  PortalMembers,
} from '@signalway/shared/customer-account-members'
import type { MyCustomerAccount, MySite } from '@signalway/shared/customer-accounts'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

const base = (id: number) => `/my-account/customer-accounts/${id}`
/** A 403 (only Account admins manage members) is said on the page, not by the 403 page. */
const ON_PAGE = { redirect: false } as const

/** GET …/members (Account admins; 403 for other members). */
export function listMembers(id: number, client: ApiClient = apiClient) {
  return client.get<PortalMembers>(`${base(id)}/members`, ON_PAGE)
}

/** PUT …/members/:memberId with the version the admin saw (409 if stale, or for the last Account admin). */
export function saveMember(
  id: number,
  memberId: number,
  input: MemberUpdateInput,
  client: ApiClient = apiClient,
) {
  return client.put<PortalMember>(`${base(id)}/members/${memberId}`, input, ON_PAGE)
}

/** DELETE …/members/:memberId?version=N. */
export function removeMember(
  id: number,
  member: Pick<PortalMember, 'id' | 'version'>,
  client: ApiClient = apiClient,
) {
  return client.delete<void>(`${base(id)}/members/${member.id}?version=${member.version}`, ON_PAGE)
}

/** GET …/invitations: the open ones. */
export function listInvitations(id: number, client: ApiClient = apiClient) {
  return client.get<PortalInvitations>(`${base(id)}/invitations`, ON_PAGE)
}

/** POST …/invitations (409 for a member already, 429 past the day's limits). */
export function inviteMember(id: number, input: InviteMemberInput, client: ApiClient = apiClient) {
  return client.post<PortalInvitation>(`${base(id)}/invitations`, input, ON_PAGE)
}

/** DELETE …/invitations/:invitationId. */
export function withdrawInvitation(id: number, invitationId: number, client: ApiClient = apiClient) {
  return client.delete<void>(`${base(id)}/invitations/${invitationId}`, ON_PAGE)
}

/** GET …/sites: the account's sites, for choosing a Site supervisor's. */
export function listAccountSites(id: number, client: ApiClient = apiClient) {
  return client.get<{ items: MySite[] }>(`${base(id)}/sites`)
}

/** GET …/audit?page=N: the account's own audit, newest first (Account admins; 403 for other members). */
export function listAccountActivity(id: number, page: number, client: ApiClient = apiClient) {
  return client.get<AccountAuditPage>(`${base(id)}/audit?page=${page}`, ON_PAGE)
}

export interface MembersApi {
  members: typeof listMembers
  saveMember: typeof saveMember
  removeMember: typeof removeMember
  invitations: typeof listInvitations
  invite: typeof inviteMember
  withdraw: typeof withdrawInvitation
  sites: typeof listAccountSites
}

export const MEMBERS_API: MembersApi = {
  members: listMembers,
  saveMember,
  removeMember,
  invitations: listInvitations,
  invite: inviteMember,
  withdraw: withdrawInvitation,
  sites: listAccountSites,
}

/** POST /api/customer-account-invitations/check (public): which account, role and address the link is for. */
export function checkAccountInvitation(token: string, client: ApiClient = apiClient) {
  return client.post<AccountInvitationPreview>(
    '/customer-account-invitations/check',
    { token },
    { auth: false, redirect: false },
  )
}

/** POST /api/my-account/customer-account-invitations/accept (signed in with the invited address). */
export function acceptAccountInvitation(token: string, client: ApiClient = apiClient) {
  return client.post<MyCustomerAccount>(
    '/my-account/customer-account-invitations/accept',
    { token },
    { redirect: false },
  )
}

export interface JoinApi {
  check: typeof checkAccountInvitation
  accept: typeof acceptAccountInvitation
}

export const JOIN_API: JoinApi = { check: checkAccountInvitation, accept: acceptAccountInvitation }
