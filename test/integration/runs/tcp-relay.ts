import { connect, createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

type RelayedConnection = {
  /** Bytes the upstream sent towards the client on this connection. */
  downstreamBytes: number
  closed: boolean
}

export type TcpRelay = {
  port: number
  readonly connections: readonly RelayedConnection[]
  /** Bytes sent towards clients on all connections so far. */
  readonly downstreamBytes: number
  close(): Promise<void>
}

/**
 * A loopback TCP pass-through in front of a server, so a test can watch the wire: which connections
 * carried bytes, whether they closed, and how many bytes flowed back. When either side closes, the
 * other is closed too, exactly what a client that stops reading does to a real server.
 *
 * (undici may open a spare idle connection of its own; that is why tests look at the connections
 * that carried data rather than at a count of open ones.)
 */
export async function startTcpRelay(upstreamPort: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>()
  const connections: RelayedConnection[] = []
  const server = createServer((client) => {
    const stats: RelayedConnection = { downstreamBytes: 0, closed: false }
    connections.push(stats)
    const upstream = connect(upstreamPort, '127.0.0.1')
    sockets.add(client)
    sockets.add(upstream)
    upstream.on('data', (chunk: Buffer) => {
      stats.downstreamBytes += chunk.length
    })
    client.pipe(upstream)
    upstream.pipe(client)
    const closeBoth = (): void => {
      client.destroy()
      upstream.destroy()
    }
    client.on('close', () => {
      stats.closed = true
      sockets.delete(client)
      closeBoth()
    })
    upstream.on('close', () => {
      sockets.delete(upstream)
      closeBoth()
    })
    client.on('error', closeBoth)
    upstream.on('error', closeBoth)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    get downstreamBytes() {
      return connections.reduce((sum, c) => sum + c.downstreamBytes, 0)
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
