import type { CustomerFaults, FaultReported, MemberFaultReportInput } from '@signalway/shared/faults'
import { type ApiClient, apiClient } from '../../lib/api-client.ts'

const base = (id: number) => `/my-account/customer-accounts/${id}/faults`

/** GET …/faults: the faults of the account's units on hire the member may see, newest first. */
export function getAccountFaults(id: number, client: ApiClient = apiClient) {
  return client.get<CustomerFaults>(base(id))
}

/** POST …/faults: the member reports a fault on a unit on hire (its booking line). */
export function reportAccountFault(id: number, input: MemberFaultReportInput, client: ApiClient = apiClient) {
  return client.post<FaultReported>(base(id), input)
}

export interface FaultsApi {
  list: typeof getAccountFaults
  report: typeof reportAccountFault
}

export const FAULTS_API: FaultsApi = { list: getAccountFaults, report: reportAccountFault }
