import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy in front of a real server (PostgreSQL), which a test can cut and restore: the
 * network between the app and its database, under the test's control.
 *
 *   const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 })
 *   await proxy.cut()     // open connections drop, new ones are refused (ECONNREFUSED)
 *   await proxy.restore() // listening again on the same port
 */
export interface TcpProxy {
  port: number
  /** Connections currently open through the proxy. */
  readonly connections: number
  /** Drops every connection and stops listening: the database is unreachable. */
  cut(): Promise<void>
  /** Listens again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0

  const listen = async () => {
    const next = createServer((client) => {
      const upstream = connect(target.port, target.host)
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream)
      upstream.pipe(client)
    })
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => resolve())
    })
    port = (next.address() as AddressInfo).port
    server = next
  }

  const stop = async () => {
    const current = server
    server = undefined
    for (const socket of sockets) socket.destroy()
    sockets.clear()
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
  }

  await listen()
  return {
    get port() {
      return port
    },
    get connections() {
      return sockets.size / 2
    },
    cut: stop,
    async restore() {
      if (!server) await listen()
    },
    close: stop,
  }
}
