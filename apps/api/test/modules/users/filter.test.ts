import { describe, expect, it } from 'vitest'
import { createUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { ALL, filter, idsOf, signedInAdmin } from './helpers.ts'

describe.each(DIALECTS)('POST /api/v1/users/filter on %s', (dialect) => {
  it('answers the rows of requirements §3 (registationDate spelt so) as a plain list without page', async () => {
    const { app } = await buildTestApp({ dialect })
    const { admin, headers, seeded } = await signedInAdmin(app)
    const user = await createUser(app, {
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane.citizen@example.com',
      mobile: '0412345678',
      registrationDate: new Date('2026-02-03T04:05:06.000Z'),
    })
    const response = await filter(app, headers, ALL)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json()
    expect(Array.isArray(body)).toBe(true)
    expect(body).toContainEqual({
      id: String(user.id),
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane.citizen@example.com',
      mobile: '0412345678',
      userType: 1,
      registationDate: '2026-02-03T04:05:06.000Z',
      isActive: true,
    })
    expect(idsOf(body).sort()).toEqual([...seeded, admin.id, user.id].sort())
  })

  it('says, when nobody matches within the dates, how many match outside them and when they registered (ADR 035)', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const at = (iso: string, firstName: string, memberType: 1 | 2 = 2) =>
      createUser(app, { firstName, memberType, registrationDate: new Date(iso) })
    await at('2019-03-02T01:00:00.000Z', 'Zelda')
    await at('2020-07-08T01:00:00.000Z', 'Zelda')
    await at('2023-01-01T01:00:00.000Z', 'Zelda', 1)
    await at('2021-05-05T01:00:00.000Z', 'Other')
    const window = { userTypes: [2], startDate: '2025-01-01 00:00:00', endDate: '2025-12-31 23:59:59' }
    const none = await filter(app, headers, { ...window, page: 1, pageSize: 10, search: 'zelda' })
    expect(none.json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
      // The types and the search still hold: the regular Zelda and Other are not counted.
      outside: {
        total: 2,
        firstRegistered: '2019-03-02T01:00:00.000Z',
        lastRegistered: '2020-07-08T01:00:00.000Z',
      },
    })
    // Nobody anywhere, or a page that found someone, or no dates at all: nothing to say.
    expect((await filter(app, headers, { ...window, page: 1, search: 'nobody' })).json()).not.toHaveProperty(
      'outside',
    )
    const found = await filter(app, headers, {
      ...window,
      startDate: '2019-01-01 00:00:00',
      page: 1,
      search: 'zelda',
    })
    expect(found.json()).toMatchObject({ total: 2 })
    expect(found.json()).not.toHaveProperty('outside')
    // The plain list of requirements §7 (no page) is as it was.
    expect((await filter(app, headers, { ...window, search: 'zelda' })).json()).toEqual([])
  })

  it('keeps the user types asked for', async () => {
    const { app } = await buildTestApp({ dialect })
    const { admin, headers, seeded } = await signedInAdmin(app)
    const regular = await createUser(app, { memberType: 1 })
    const company = await createUser(app, { memberType: 2 })

    expect(idsOf((await filter(app, headers, { ...ALL, userTypes: [1] })).json())).toEqual([regular.id])
    expect(idsOf((await filter(app, headers, { ...ALL, userTypes: [3] })).json()).sort()).toEqual(
      [...seeded, admin.id].sort(),
    )
    expect(idsOf((await filter(app, headers, { ...ALL, userTypes: [1, 2] })).json()).sort()).toEqual(
      [regular.id, company.id].sort(),
    )
    expect(idsOf((await filter(app, headers, { ...ALL, userTypes: ['2'] })).json())).toEqual([company.id])
  })

  it('reads the dates as Melbourne wall time, both bounds inclusive (AEST and AEDT)', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const at = (iso: string) => createUser(app, { registrationDate: new Date(iso) })
    // 1 June 2025 in Melbourne (AEST, UTC+10) is 2025-05-31T14:00Z .. 2025-06-01T13:59:59Z.
    const lastOfMay = await at('2025-05-31T13:59:59.000Z')
    const firstOfJune = await at('2025-05-31T14:00:00.000Z')
    const endOfFirstJune = await at('2025-06-01T13:59:59.900Z')
    const secondOfJune = await at('2025-06-01T14:00:00.000Z')
    // 15 January 2026 (AEDT, UTC+11) starts at 2026-01-14T13:00Z.
    const beforeSummerDay = await at('2026-01-14T12:59:59.000Z')
    const summerDay = await at('2026-01-14T13:00:00.000Z')

    const june = await filter(app, headers, {
      userTypes: [1],
      startDate: '2025-06-01 00:00:00',
      endDate: '2025-06-01 23:59:59',
    })
    expect(idsOf(june.json()).sort()).toEqual([firstOfJune.id, endOfFirstJune.id].sort())

    const summer = await filter(app, headers, {
      userTypes: [1],
      startDate: '2026-01-15 00:00:00',
      endDate: '2026-01-15 23:59:59',
    })
    expect(idsOf(summer.json())).toEqual([summerDay.id])

    const untilMay = await filter(app, headers, {
      userTypes: [1],
      startDate: '',
      endDate: '2025-05-31 23:59:59',
    })
    expect(idsOf(untilMay.json())).toEqual([lastOfMay.id])

    // 1 Jan 1900 means no bound, as does ''.
    const from1900 = await filter(app, headers, {
      userTypes: [1],
      startDate: '1900-01-01 00:00:00',
      endDate: '2025-06-01 23:59:59',
    })
    expect(idsOf(from1900.json()).sort()).toEqual([lastOfMay.id, firstOfJune.id, endOfFirstJune.id].sort())
    const fromJune2 = await filter(app, headers, {
      userTypes: [1],
      startDate: '2025-06-02 00:00:00',
      endDate: '',
    })
    expect(idsOf(fromJune2.json()).sort()).toEqual([secondOfJune.id, beforeSummerDay.id, summerDay.id].sort())
  })

  it('leaves archived users out', async () => {
    const { app } = await buildTestApp({ dialect })
    const { admin, headers, seeded } = await signedInAdmin(app)
    const kept = await createUser(app)
    const archived = await createUser(app)
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${archived.id}/archive`,
      headers,
    })
    expect(response.statusCode).toBe(204)
    expect(idsOf((await filter(app, headers, ALL)).json()).sort()).toEqual(
      [...seeded, admin.id, kept.id].sort(),
    )
    const searched = await filter(app, headers, {
      ...ALL,
      userTypes: [1],
      search: archived.first_name,
      page: 1,
    })
    expect(idsOf(searched.json())).toEqual([kept.id])
  })

  it('refuses a filter without user types or with a bad date, with the messages of requirements §5', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const noTypes = await filter(app, headers, { userTypes: [], startDate: '', endDate: '' })
    expect(noTypes.statusCode).toBe(400)
    expect(noTypes.json().ModelState).toEqual({ userTypes: ['At least 1 user type is required.'] })

    const badDates = await filter(app, headers, {
      userTypes: [1],
      startDate: '31/12/2025',
      endDate: '2025-02-30 00:00:00',
    })
    expect(badDates.statusCode).toBe(400)
    expect(badDates.json().ModelState).toEqual({
      startDate: ['Must be a date.'],
      endDate: ['Must be a date.'],
    })

    const badPage = await filter(app, headers, { ...ALL, page: 0, pageSize: 1000, sort: 'password' })
    expect(badPage.statusCode).toBe(400)
    expect(Object.keys(badPage.json().ModelState).sort()).toEqual(['page', 'pageSize', 'sort'])
  })

  it('pages: { items, total, page, pageSize }, sorted, with a page past the end empty', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const names = Array.from({ length: 23 }, (_, index) => `Name${String(index).padStart(2, '0')}`)
    const users = []
    for (const [index, name] of names.entries()) {
      users.push(
        await createUser(app, {
          firstName: name,
          registrationDate: new Date(Date.UTC(2026, 0, 1 + index)),
        }),
      )
    }
    const regular = { ...ALL, userTypes: [1] }

    const third = await filter(app, headers, { ...regular, page: 3, pageSize: 10, sort: 'firstName' })
    expect(third.statusCode).toBe(200)
    const body = third.json()
    expect(body).toMatchObject({ total: 23, page: 3, pageSize: 10 })
    expect(body.items.map((row: { firstName: string }) => row.firstName)).toEqual([
      'Name20',
      'Name21',
      'Name22',
    ])

    const desc = await filter(app, headers, {
      ...regular,
      page: 1,
      pageSize: 2,
      sort: 'firstName',
      sortDirection: 'desc',
    })
    expect(desc.json().items.map((row: { firstName: string }) => row.firstName)).toEqual(['Name22', 'Name21'])

    // By default the newest first; pageSize defaults to 10.
    const first = await filter(app, headers, { ...regular, page: 1 })
    expect(first.json()).toMatchObject({ total: 23, page: 1, pageSize: 10 })
    expect(idsOf(first.json())).toEqual(
      users
        .slice(-10)
        .reverse()
        .map((user) => user.id),
    )

    const past = await filter(app, headers, { ...regular, page: 9, pageSize: 10 })
    expect(past.json()).toEqual({ items: [], total: 23, page: 9, pageSize: 10 })
  })

  it('searches with the table semantics: whole words, a quoted word exact, the last word a prefix', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const jane = await createUser(app, {
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane.citizen@example.com',
      mobile: '0412345678',
    })
    const janet = await createUser(app, {
      firstName: 'Janet',
      lastName: "O'Brien-Smith",
      email: 'jobs@roadworks.com.au',
      mobile: '0498765432',
    })
    const bob = await createUser(app, {
      firstName: 'Bob',
      lastName: 'Jane',
      email: 'bob@citizens.example',
      mobile: '0400111222',
    })
    const search = async (text: string) =>
      idsOf(
        (await filter(app, headers, { ...ALL, userTypes: [1], search: text, page: 1, pageSize: 50 })).json(),
      ).sort()
    const ids = (...users: { id: number }[]) => users.map((user) => user.id).sort()

    expect(await search('')).toEqual(ids(jane, janet, bob))
    // The last word is a prefix.
    expect(await search('jan')).toEqual(ids(jane, janet, bob))
    expect(await search('JANE')).toEqual(ids(jane, janet, bob))
    // A word followed by a space is a whole word.
    expect(await search('jane ')).toEqual(ids(jane, bob))
    // A quoted word is exact, even when last.
    expect(await search('"jane"')).toEqual(ids(jane, bob))
    expect(await search('"cit"')).toEqual([])
    // Earlier words are whole words; every term must match.
    expect(await search('jane cit')).toEqual(ids(jane, bob))
    expect(await search('jan citizen')).toEqual([])
    expect(await search('jane citizen')).toEqual(ids(jane, bob))
    expect(await search('jane "citizen"')).toEqual(ids(jane))
    // Email words, punctuation splitting words, and the mobile as stored or as the mask shows it.
    expect(await search('roadworks.com')).toEqual(ids(janet))
    expect(await search('jane.citizen@example.com')).toEqual(ids(jane))
    expect(await search('brien smi')).toEqual(ids(janet))
    expect(await search('0412 345')).toEqual(ids(jane))
    expect(await search('04987')).toEqual(ids(janet))
    expect(await search('nobody')).toEqual([])
    // The plain list searches too.
    const plain = await filter(app, headers, { ...ALL, search: 'bob' })
    expect(idsOf(plain.json())).toEqual([bob.id])
  })

  it('finds a user by their new words after an update, and not by the old ones', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const user = await createUser(app, { firstName: 'Oldname', memberType: 1 })
    const updated = await app.inject({
      method: 'PUT',
      url: '/api/v1/users/admin/update-user',
      headers,
      payload: {
        id: String(user.id),
        firstName: 'Newname',
        lastName: user.last_name,
        email: user.email,
        mobile: user.mobile,
        memberType: 1,
      },
    })
    expect(updated.statusCode).toBe(200)
    expect(idsOf((await filter(app, headers, { ...ALL, search: 'oldname' })).json())).toEqual([])
    expect(idsOf((await filter(app, headers, { ...ALL, search: 'newname' })).json())).toEqual([user.id])
  })
})
