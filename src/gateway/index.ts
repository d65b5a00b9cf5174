// The local gateway's front door: what the app, the CLIs and the benchmarks start it with. Everything
// else under src/gateway is its inside (lint keeps src/main to this file).
export { startGateway, type RunningGateway, type ReadyBody, type ReadyConversation } from './start-gateway'
export { loadGatewayConfigFile, resolveGatewayConfig } from './gateway-config'
export { withCassetteFlags } from './cli-cassettes'
