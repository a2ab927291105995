import { median } from './stats.ts'

/** One measurement of one target: requests per second, p99, failures. */
export interface Sample {
  requestsPerSecond: number
  p99Ms: number
  errors: number
  non2xx: number
}

export interface Measured extends Sample {
  name: string
  ratio: number | null
  target: number | null
  /** Each round's figures, the ratio against the hello-world measured with it. */
  rounds: (Sample & { ratio: number | null })[]
}

/** Three decimals, so that a miss by less than 0.005 is not rounded into a hit. */
const threeDecimals = (value: number) => Math.round(value * 1000) / 1000

/**
 * One target's figures over the rounds: the median requests per second, p99 and ratio (each round's ratio against
 * `helloRates` of the same index, the hello-world measured with it; none for the hello-world itself, whose
 * `helloRates` are empty), the errors and non-2xx answers of all rounds.
 */
export function summarise(
  name: string,
  samples: readonly Sample[],
  helloRates: readonly number[],
  target: number | null,
): Measured {
  const rounds = samples.map((sample, index) => {
    const hello = helloRates[index] ?? 0
    return { ...sample, ratio: hello === 0 ? null : threeDecimals(sample.requestsPerSecond / hello) }
  })
  const ratios = rounds.flatMap((round) => (round.ratio === null ? [] : [round.ratio]))
  return {
    name,
    requestsPerSecond: Math.round(median(samples.map((sample) => sample.requestsPerSecond))),
    p99Ms: threeDecimals(median(samples.map((sample) => sample.p99Ms))),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
    non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
    ratio: ratios.length === 0 ? null : threeDecimals(median(ratios)),
    target,
    rounds,
  }
}
