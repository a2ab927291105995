/** What the dispatch screens say (the API's own messages are FIELD_MESSAGES in shared field-operations). */
export const DISPATCH_MESSAGES = {
  depotsLoadFailed: 'The depots could not be loaded. Try again.',
  noDepots: 'There are no depots yet.',
  loadFailed: 'The board could not be loaded. Try again.',
  loading: 'Loading the board…',
  noStops: 'No deliveries or collections on this day.',
  unsaved: 'Changes not saved yet. The run sheets show the board as last saved.',
  saved: 'The board is saved.',
  saveFailed: 'The board could not be saved. Try again.',
  rebased: 'The board was loaded again with your changes on it. Check them, then save.',
  discardTitle: 'Leave the changes?',
  discardText: 'The board has changes that are not saved. Show another depot or day and lose them?',
  runSheetLoadFailed: 'The run sheet could not be loaded. Try again.',
  noRunStops: 'No stops for this driver on this day.',
  driverNotFound: 'That driver is not one of the depot’s drivers.',
} as const
