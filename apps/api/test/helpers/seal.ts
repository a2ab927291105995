import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeDemoPkcs12 } from '../../src/modules/credit/pdf/seal.ts'

let made: { PDF_SEAL_P12: string; PDF_SEAL_PASSWORD: string } | undefined

/** The environment of a production seal certificate (PDF_SEAL_P12 and its password), made once per process. */
export function sealEnv(): { PDF_SEAL_P12: string; PDF_SEAL_PASSWORD: string } {
  if (!made) {
    const file = join(mkdtempSync(join(tmpdir(), 'signalway-seal-')), 'seal.p12')
    writeFileSync(file, makeDemoPkcs12('test seal password'))
    made = { PDF_SEAL_P12: file, PDF_SEAL_PASSWORD: 'test seal password' }
  }
  return made
}
