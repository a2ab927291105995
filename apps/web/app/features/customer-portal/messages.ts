/** What the customer portal's screens say, beside the shared messages the server answers with. */
export const PORTAL_MESSAGES = {
  loadFailed: 'Unable to load the account.',
  sitesLoadFailed: 'Unable to load the sites.',
  noSites: 'No sites yet.',
  siteAdded: 'The site was added.',
  siteSaved: 'The site was saved.',
  siteRemoved: 'The site was removed.',
  siteSaveFailed: 'Unable to save the site.',
  siteRemoveFailed: 'Unable to remove the site.',
  readOnly: 'Only an Account admin can change the sites.',
} as const
