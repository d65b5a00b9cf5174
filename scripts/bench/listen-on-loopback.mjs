/**
 * Preloaded (`node --import`) into a peer gateway that has no option for its listening address:
 * Portkey's `start-server.js` takes `--port=N` but calls `serve({ fetch, port })` without a hostname,
 * which listens on every interface. Benchmarks use loopback only (performance.md), so any listen
 * without an explicit host is pinned to 127.0.0.1. Plain JavaScript on purpose: a TypeScript loader
 * in the peer's process would be load the benchmark did not ask for.
 */
import { Server } from 'node:net'

const LOOPBACK = '127.0.0.1'
const listen = Server.prototype.listen

Server.prototype.listen = function listenOnLoopback(...args) {
  const [first, second] = args
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port, host?, backlog?, callback?): `undefined` or a missing host means "all interfaces".
    if (second === undefined) args[1] = LOOPBACK
    else if (typeof second !== 'string') args.splice(1, 0, LOOPBACK)
  } else if (
    first !== null &&
    typeof first === 'object' &&
    first.path === undefined &&
    first.host === undefined
  ) {
    args[0] = { ...first, host: LOOPBACK }
  }
  return listen.apply(this, args)
}
