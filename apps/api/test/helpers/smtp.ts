import { type AddressInfo, createServer } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface TestSmtpServer {
  port: number
  /** Raw messages received, in order. */
  messages: string[]
  close(): Promise<void>
}

/** An in-process SMTP server that accepts everything, on the given port or a free one. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on (for the moment). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
