import { useLocation } from 'react-router'
import { paths } from '../../lib/paths.ts'

/** Location state a link from the user list carries: the list's query string, to come back to it. */
export interface FromListState {
  listSearch?: string
}

/** The user list as it was left (filter, search, page, page size, sort), else the plain list. */
export function useUserListHref(): string {
  const state = useLocation().state as FromListState | null
  const search = state?.listSearch
  return typeof search === 'string' && search.startsWith('?')
    ? `${paths.admin.manageUsers}${search}`
    : paths.admin.manageUsers
}
