/** What the fleet screens say, beside the shared FLEET_MESSAGES the server answers with. */
export const FLEET_SCREEN_MESSAGES = {
  typesLoadFailed: 'Unable to load the equipment types.',
  typeLoadFailed: 'Unable to load the equipment type.',
  unitsLoadFailed: 'Unable to load the units.',
  unitLoadFailed: 'Unable to load the unit.',
  depotsLoadFailed: 'Unable to load the depots.',
  noTypes: 'There are no equipment types yet.',
  noUnits: 'No units match.',
  typeSaved: 'The equipment type was saved.',
  typeSaveFailed: 'Unable to save the equipment type.',
  unitSaved: 'The unit was saved.',
  unitSaveFailed: 'Unable to save the unit.',
  serviceAdded: 'The service entry was added.',
  serviceSaveFailed: 'Unable to add the service entry.',
  minimumDaysWhole: 'Enter the minimum hire as a whole number of days.',
  dueBeforeInvalid: 'Enter the day as a date.',
} as const
