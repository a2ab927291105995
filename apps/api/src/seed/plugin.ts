import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { runSeed } from './seed.ts'

export interface SeedPluginOptions {
  config: Config
  print?: ((line: string) => void) | undefined
}

/** Runs the first-run seed at start-up, after the migrations. */
export const seedPlugin = fp<SeedPluginOptions>(
  async (app, { config, print }) => {
    await runSeed({ db: app.db, config, log: app.log, print })
  },
  { name: 'seed', dependencies: ['database'] },
)
