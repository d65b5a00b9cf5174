// The local gateway's own thread (node:worker_threads). Main starts it with start-gateway-worker.ts;
// see there for why a worker and how this file is loaded from TypeScript source and from the build.
import { parentPort, workerData } from 'node:worker_threads'
import { loadGatewayConfigFile, resolveGatewayConfig, startGateway, withCassetteFlags } from '@gateway'
import type { GatewayWorkerCommand, GatewayWorkerData, GatewayWorkerEvent } from './gateway-worker-messages'

const port = parentPort
if (!port) throw new Error('gateway-worker.ts runs as a worker thread, started by start-gateway-worker.ts.')
const post = (event: GatewayWorkerEvent): void => port.postMessage(event)

async function main(data: GatewayWorkerData): Promise<void> {
  const configured = data.configPath ? await loadGatewayConfigFile(data.configPath) : resolveGatewayConfig()
  const config = withCassetteFlags(configured, { record: undefined, replay: data.replay })
  const gateway = await startGateway({ apiKey: data.apiKey, port: data.port, config, env: data.env })
  port!.on('message', (command: GatewayWorkerCommand) => {
    if (command.type === 'ready') {
      void gateway.ready(command.conversation)
      return
    }
    // Closing the port lets the thread end once the server and its sockets are gone.
    void gateway.close().finally(() => port!.close())
  })
  const proxiedModels = Object.entries(config.models).flatMap(([name, model]) =>
    model.engine === 'proxy' ? [name] : [],
  )
  post({ type: 'listening', port: gateway.port, baseUrl: gateway.baseUrl, proxiedModels })
}

main(workerData as GatewayWorkerData).catch((error: unknown) => {
  post({ type: 'start-failed', message: (error as Error)?.message ?? String(error) })
  port.close()
})
