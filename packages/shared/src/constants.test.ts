import { describe, expect, it } from 'vitest'
import {
  APP_VERSION,
  CUSTOMER_TYPES,
  DEFAULT_LOAD_USER_TYPES,
  FILTER_USER_TYPES,
  findService,
  HOW_HEARD,
  INVOICE_DELIVERY,
  isTokenPage,
  LIMITS,
  MEMBER_TYPES,
  QUOTE_SERVICES,
  SERVICES,
  STATES,
} from './constants.ts'
import { formatAbn, isValidAbn } from './fields.ts'
import { MESSAGES } from './messages.ts'
import { formatSiteAddress, SITE } from './site.ts'

describe('constants', () => {
  it('lists the 10 services in the order of the requirements, with the route slugs', () => {
    expect(SERVICES.map((service) => service.slug)).toEqual([
      'arrow-boards',
      'vms-boards',
      'portable-traffic-lights',
      'travel-times',
      'variable-speed-limit-signs',
      'truck-mounted-attenuators',
      'highway-trucks',
      'traffic-utes',
      'vms-utes',
      'portaboom',
    ])
    for (const service of SERVICES) expect(QUOTE_SERVICES).toContain(service.quoteService)
    // One name per service everywhere: the quote form's (requirements §3), the service pages', the emails',
    // the inbox's.
    for (const service of SERVICES) expect(service.name).toBe(service.quoteService)
    expect(findService('portaboom')?.name).toBe('Portaboom')
    expect(findService('cranes')).toBeUndefined()
  })
  it('has the exact quote services and how-heard lists', () => {
    expect(QUOTE_SERVICES).toEqual([
      'Arrow Boards',
      'VMS Boards',
      'Portable Traffic Lights',
      'Travel Times - Data Collection',
      'Variable Speed Limit Signs',
      'Truck Mounted Attenuators',
      'Highway Trucks',
      'Traffic Utes',
      'VMS Utes',
      'Portaboom',
      'Other',
    ])
    expect(HOW_HEARD).toEqual([
      'Facebook',
      'Instagram',
      'Linkedin',
      'Word Of Mouth',
      'Google Search',
      'Other',
    ])
  })
  it('has the states, customer types, invoice delivery and member types', () => {
    expect(STATES.map((state) => state.code)).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'])
    expect(CUSTOMER_TYPES).toEqual([
      { value: 0, label: 'Pty Ltd Company' },
      { value: 1, label: 'Public Company' },
      { value: 2, label: 'Partnership' },
      { value: 3, label: 'Sole Trader' },
      { value: 4, label: 'Trust' },
    ])
    expect(INVOICE_DELIVERY).toEqual([
      { value: 0, label: 'Email' },
      { value: 1, label: 'Fax' },
      { value: 2, label: 'Post' },
    ])
    expect(MEMBER_TYPES.map((type) => type.value)).toEqual([1, 2, 3])
    expect(FILTER_USER_TYPES).toEqual([1, 3])
    expect(DEFAULT_LOAD_USER_TYPES).toEqual([1, 2, 3])
  })
  it('has the limits of the requirements', () => {
    expect(LIMITS).toMatchObject({
      nameMin: 2,
      nameMax: 30,
      creditNameMin: 2,
      creditNameMax: 50,
      messageMaxWords: 500,
      phoneMin: 10,
      passwordMin: 8,
      abnMinLength: 14,
      abnMask: '99 999 999 999',
      trustDeedMaxFiles: 1,
      trustDeedMaxBytes: 10485760,
      uploaderMaxFiles: 5,
      uploaderMaxSize: 100000,
      uploaderMinSize: 0,
      fileNameTruncate: 16,
      signaturePadWidth: 500,
      signaturePadHeight: 200,
      usersPageSize: 10,
      pageSize: 20,
      carouselIntervalMs: 5000,
      notificationWidth: 500,
    })
    expect(APP_VERSION).toBe('1.0')
  })
})

describe('token pages', () => {
  it('are the reset and email-change links, and the links to saved credit applications', () => {
    for (const path of [
      '/reset-password/',
      '/confirm-email',
      '/application-for-credit/resume/abc',
      '/Application-For-Credit/Resume/X/',
      '/application-for-credit/sign/abc',
      '/application-for-credit/status/abc/',
    ])
      expect(isTokenPage(path), path).toBe(true)
    for (const path of [
      '/login/',
      '/application-for-credit/',
      '/application-for-credit/resumes/x',
      '/application-for-credit/signing/x',
      '/reset-password/extra/',
    ])
      expect(isTokenPage(path), path).toBe(false)
  })
})

describe('site', () => {
  it('has one phone, the enquiries address, two offices and three locations', () => {
    expect(SITE.name).toBe('Signalway Traffic Hire')
    expect(SITE.phone.href).toBe(`tel:${SITE.phone.display.replace(/\s/g, '')}`)
    expect(SITE.enquiriesEmail).toBe('enquiries@signalway.example')
    expect(SITE.offices.map((office) => office.address.city)).toEqual(['Laverton', 'Molendinar'])
    expect(SITE.locations.map((location) => location.label)).toEqual([
      'Laverton VIC',
      'Molendinar QLD',
      'Carrum Downs VIC',
    ])
    expect(formatSiteAddress(SITE.offices[1].address)).toBe('3/17 Beacon Place, Molendinar QLD 4214')
  })

  it('has an ABN of its own that passes the ABN checksum, in the display mask, and is not the all-zero placeholder', () => {
    expect(isValidAbn(SITE.abn)).toBe(true)
    expect(formatAbn(SITE.abn)).toBe(SITE.abn)
    expect(SITE.abn.replace(/\s/gu, '')).not.toMatch(/^0+$/u)
  })
})

describe('messages', () => {
  it('keeps the required texts letter for letter', () => {
    expect(MESSAGES.forgotPasswordInitiated).toBe(
      'Change password has been initiated. Please check you email.',
    )
    expect(MESSAGES.loginFailed).toBe(
      'Sorry, your user name or password is incorrect or we were unable to connect to the server.',
    )
    expect(MESSAGES.formHasErrors).toBe(
      'You have one or more fields missing, please correct these and submit again.',
    )
    expect(MESSAGES.deleteUserConfirm('Jane Citizen')).toBe(
      'Are you sure you want to delete Jane Citizen? This cannot be undone.',
    )
    expect(MESSAGES.resetPasswordInvalid).toBe(
      'Your password reset request is invalid, please reset your password again.',
    )
    expect(MESSAGES.creditSubmitted).toBe(
      'Thank you, your application for credit has been submitted successfully.',
    )
    expect(MESSAGES.noResponse).toBe('Oops, something went wrong. Check the console logs for details.')
    expect(MESSAGES.unknownError).toBe('Oops, something went wrong.')
    expect(MESSAGES.accessDenied).toBe('Unable to access page.')
    expect(MESSAGES.noUsers).toBe('No users.')
  })
})
