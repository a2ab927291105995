import { formatMobile } from '@signalway/shared/fields'
import { createSearchMatcher } from '@signalway/shared/search'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.ts'
import { createDatabase } from '../../../src/db/database.ts'
import { migrateToLatest } from '../../../src/db/migrator.ts'
import {
  countUsers,
  insertUser,
  listUsers,
  orderBySelectivity,
} from '../../../src/modules/users/repository.ts'
import {
  compareCodePoints,
  nextPrefix,
  searchConditions,
  userSearchTerms,
} from '../../../src/modules/users/search-terms.ts'
import { DIALECTS, testEnv, useTestDatabase } from '../../helpers/build.ts'

describe('search terms', () => {
  it('index a user by the distinct words of names, email and mobile (as stored and masked)', () => {
    const terms = userSearchTerms({
      first_name: 'Jane',
      last_name: "O'Brien-Smith",
      email: 'jane.smith@roadworks.com.au',
      mobile: '0412345678',
    })
    expect(terms.map((term) => term.word)).toEqual([
      '0412',
      '0412345678',
      '345',
      '678',
      'au',
      'brien',
      'com',
      'jane',
      'o',
      'roadworks',
      'smith',
    ])
  })

  it("record each word's shared prefix with the previous one, so that one row per user matches a prefix", () => {
    const terms = userSearchTerms({
      first_name: 'Jo',
      last_name: 'Jones',
      email: 'jo@jonesy.example',
      mobile: '',
    })
    expect(terms).toEqual([
      { word: 'example', sharedPrefix: 0 },
      { word: 'jo', sharedPrefix: 0 },
      { word: 'jones', sharedPrefix: 2 },
      { word: 'jonesy', sharedPrefix: 5 },
    ])
    // 'jo', 'jon' and 'jone' each pick the first of the run: one row.
    for (const prefix of ['j', 'jo', 'jon', 'jone', 'jones']) {
      const length = [...prefix].length
      const picked = terms.filter((term) => term.word.startsWith(prefix) && term.sharedPrefix < length)
      expect(picked, prefix).toHaveLength(1)
    }
  })

  it('turn the table search into conditions: whole words, a quoted word exact, the last word a prefix', () => {
    expect(searchConditions('Jane "cit" smi')).toEqual([
      { exact: 'jane' },
      { exact: 'cit' },
      { from: 'smi', to: 'smj', length: 3 },
    ])
    expect(searchConditions('jane ')).toEqual([{ exact: 'jane' }])
    expect(searchConditions('  ')).toEqual([])
    expect(nextPrefix('az')).toBe('a{')
    expect(nextPrefix('é')).toBe('ê')
    expect(compareCodePoints('\u{1F600}', '\uFFFF')).toBeGreaterThan(0)
  })
})

/*
 * The server's search must find exactly the users the table's own matcher (createSearchMatcher,
 * requirements §9) would find among them: random users, random searches, both dialects.
 */
const NAME_WORDS = ['ann', 'anna', 'annabel', 'bob', 'bo', 'zoë', 'zoe', 'o', 'brien', 'smith', 'smithers']
const word = fc.constantFrom(...NAME_WORDS)
const name = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 2 }), fc.constantFrom(' ', '-', "'"))
  .map(([words, separator]) => words.map((w) => (w[0] ?? '').toUpperCase() + w.slice(1)).join(separator))
const userArbitrary = fc.record({
  first: name,
  last: name,
  local: fc.array(word, { minLength: 1, maxLength: 2 }).map((words) => words.join('.')),
  domain: fc.constantFrom('example.com', 'smith.com.au', 'bo.example'),
  mobile: fc.constantFrom('0412345678', '0498765432', '0412999000'),
})
const queryArbitrary = fc
  .array(
    fc.oneof(
      word,
      word.map((w) => w.slice(0, 1 + (w.length > 1 ? 1 : 0))),
      word.map((w) => `"${w}"`),
      fc.constantFrom('0412', '04', '345', 'com', 'example'),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .chain((parts) => fc.constantFrom('', ' ').map((end) => parts.join(' ') + end))

describe.each(DIALECTS)('server search on %s', (dialect) => {
  it('finds exactly what the table matcher finds, counted once each', async () => {
    const testDatabase = await useTestDatabase(dialect)
    const database = createDatabase(loadConfig(testEnv(testDatabase)))
    try {
      await migrateToLatest(database.db)
      const users = fc.sample(userArbitrary, { numRuns: 60, seed: 20260101 })
      const texts = new Map<number, string>()
      for (const [index, user] of users.entries()) {
        const email = `${user.local}${index}@${user.domain}`
        const id = await insertUser(database.db, {
          first_name: user.first,
          last_name: user.last,
          email,
          mobile: user.mobile,
          password_hash: 'x',
          member_type: 1,
          registration_date: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        if (id === undefined) throw new Error('duplicate email')
        texts.set(id, `${user.first} ${user.last} ${email} ${user.mobile} ${formatMobile(user.mobile)}`)
      }

      await fc.assert(
        fc.asyncProperty(queryArbitrary, async (query) => {
          const base = {
            memberTypes: [1],
            registeredFrom: null,
            registeredBefore: null,
            search: searchConditions(query),
          }
          const filter = { ...base, search: await orderBySelectivity(database.db, base) }
          const matches = createSearchMatcher(query)
          const expected = [...texts]
            .filter(([, text]) => matches(text))
            .map(([id]) => id)
            .sort((a, b) => a - b)
          const found = (
            await listUsers(database.db, filter, { column: 'registration_date', direction: 'asc' })
          ).map((user) => user.id)
          expect(found, query).toEqual(expected)
          expect(await countUsers(database.db, filter), query).toBe(expected.length)
          // A page of many matches takes the other path (walking the index): the same users.
          const walked = await listUsers(
            database.db,
            filter,
            { column: 'last_name', direction: 'asc' },
            { limit: 1000, offset: 0, total: 1_000_000 },
          )
          expect(
            walked.map((user) => user.id).sort((a, b) => a - b),
            query,
          ).toEqual(expected)
        }),
        { numRuns: 120, seed: 7 },
      )
    } finally {
      await database.close()
    }
  }, 120_000)
})
