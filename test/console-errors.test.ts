import { describe, it } from 'vitest'
import { expectConsoleError } from './console-errors.ts'

describe('the console.error rule of every unit-test project', () => {
  it('lets an announced error through', () => {
    expectConsoleError(/expected failure/)
    console.error('an expected failure happened')
  })

  it.fails('fails a test that writes an unannounced console.error', () => {
    console.error('an unexpected failure')
  })
})
