import { Writable } from 'node:stream'

/** Collects the JSON log lines of an app: pass `stream` as the build's logStream. */
export function logCollector() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { lines, stream }
}
