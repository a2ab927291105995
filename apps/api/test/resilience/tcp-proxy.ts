import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy in front of a real server (PostgreSQL), which a test can cut, partition and restore:
 * the network between the app and its database, under the test's control.
 *
 *   const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 })
 *   await proxy.cut()             // open connections drop, new ones are refused (ECONNREFUSED)
 *   await proxy.restore()         // listening again on the same port
 *   proxy.setMode('blackhole')    // a partition: nothing goes through, nothing is refused
 *   proxy.setMode('reset')        // every connection, open or new, is reset (RST)
 *   proxy.setMode('forward')      // healed
 */
export interface TcpProxy {
  port: number
  /** Connections currently open through the proxy (accepted from the app, whatever the mode). */
  readonly connections: number
  /** Connections accepted from the app since the proxy started. */
  readonly accepted: number
  /** Drops every connection and stops listening: the database is unreachable. */
  cut(): Promise<void>
  /** Listens again on the same port. */
  restore(): Promise<void>
  /**
   * - 'forward': bytes pass both ways.
   * - 'blackhole': a network partition. Connections, open and new, are accepted and kept, but no
   *   byte goes through either way and nothing is answered, refused or reset: what is sent waits,
   *   as TCP retransmits it, and goes through if the partition heals ('forward') while the
   *   connection is still open.
   * - 'reset': every open connection is reset (RST), and so is each new one as soon as it is accepted.
   */
  setMode(mode: ProxyMode): void
  close(): Promise<void>
}

export type ProxyMode = 'forward' | 'blackhole' | 'reset'

/** One connection from the app, and its connection to the server (made once bytes may flow). */
interface Link {
  client: Socket
  upstream: Socket | undefined
  /** Bytes held back by a partition, each way. */
  toUpstream: Buffer[]
  toClient: Buffer[]
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const links = new Set<Link>()
  let server: Server | undefined
  let port = 0
  let mode: ProxyMode = 'forward'
  let accepted = 0

  /** One side closed or failed: the other goes too (gracefully while bytes flow, at once otherwise). */
  const drop = (link: Link) => {
    if (!links.delete(link)) return
    for (const socket of [link.client, link.upstream]) {
      if (!socket || socket.destroyed) continue
      if (mode === 'forward') socket.end()
      else socket.destroy()
    }
  }

  const flush = (link: Link) => {
    const { upstream, client } = link
    if (!upstream) return
    for (const chunk of link.toUpstream.splice(0)) upstream.write(chunk)
    for (const chunk of link.toClient.splice(0)) client.write(chunk)
  }

  const connectUpstream = (link: Link) => {
    const upstream = connect(target.port, target.host)
    link.upstream = upstream
    upstream.on('data', (chunk: Buffer) => {
      if (mode === 'forward') link.client.write(chunk)
      else link.toClient.push(chunk)
    })
    upstream.on('error', () => drop(link))
    upstream.on('close', () => drop(link))
    flush(link)
  }

  const accept = (client: Socket) => {
    accepted += 1
    client.on('error', () => {})
    if (mode === 'reset') {
      client.resetAndDestroy()
      return
    }
    const link: Link = { client, upstream: undefined, toUpstream: [], toClient: [] }
    links.add(link)
    client.on('data', (chunk: Buffer) => {
      if (mode === 'forward' && link.upstream) link.upstream.write(chunk)
      else link.toUpstream.push(chunk)
    })
    client.on('close', () => drop(link))
    // In a partition the server is not reached at all: the connection to it waits for the heal.
    if (mode === 'forward') connectUpstream(link)
  }

  const listen = async () => {
    const next = createServer(accept)
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
    for (const link of links) {
      link.client.destroy()
      link.upstream?.destroy()
    }
    links.clear()
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
  }

  await listen()
  return {
    get port() {
      return port
    },
    get connections() {
      return links.size
    },
    get accepted() {
      return accepted
    },
    cut: stop,
    async restore() {
      if (!server) await listen()
    },
    setMode(next) {
      mode = next
      if (next === 'reset') {
        for (const link of links) {
          link.client.resetAndDestroy()
          link.upstream?.destroy()
        }
        links.clear()
      } else if (next === 'forward') {
        for (const link of links) {
          if (link.upstream) flush(link)
          else connectUpstream(link)
        }
      }
    },
    close: stop,
  }
}
