import { lowerHashingCost } from './helpers/hashing.ts'

/* The API tests' own setup, after the console.error rule shared with the other projects. */
lowerHashingCost()
