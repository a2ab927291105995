import { describe, expect, it } from 'vitest'
import { properCaseSuburb } from './suburb.ts'

describe('properCaseSuburb', () => {
  it.each([
    ['GEELONG', 'Geelong'],
    ['LAVERTON NORTH', 'Laverton North'],
    ['ST KILDA EAST', 'St Kilda East'],
    ["O'CONNOR", "O'Connor"],
    ['MCKINNON', 'McKinnon'],
    ['MCMAHONS POINT', 'McMahons Point'],
    ['WEE-WAA', 'Wee-Waa'],
    ['MELBOURNE MC', 'Melbourne MC'],
    ['GEELONG MC', 'Geelong MC'],
    ['geelong mc', 'Geelong MC'],
    ['SOUTH MELBOURNE DC', 'South Melbourne DC'],
    ['BRISBANE GPO', 'Brisbane GPO'],
    ['LAVERTON RAAF', 'Laverton RAAF'],
    ['HMAS CERBERUS', 'HMAS Cerberus'],
    ['NOWRA NAVAL PO', 'Nowra Naval PO'],
    ['TI TREE', 'Ti Tree'],
    ['BO PEEP', 'Bo Peep'],
    ['  dandenong   south ', 'Dandenong South'],
    ['Laverton', 'Laverton'],
    ['', ''],
  ])('%j -> %j', (name, shown) => {
    expect(properCaseSuburb(name)).toBe(shown)
  })
})
