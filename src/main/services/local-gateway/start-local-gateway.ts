import { randomBytes } from 'node:crypto'
import { loadGatewayConfigFile, resolveGatewayConfig } from '../../../gateway/gateway-config'
import { startGateway, type RunningGateway } from '../../../gateway/start-gateway'
import { LOCAL_PROFILE_ID, type Profile } from '../../../shared/settings/settings-schema'
import type { SecretStore } from '../secret-store'

/** Env var naming a gateway config file for the in-process gateway (pacing, proxy engines). */
export const GATEWAY_CONFIG_ENV = 'PLAYGROUND_GATEWAY_CONFIG'

/**
 * The app's default, offline profile: the local gateway started in this process on a free loopback
 * port, with a key generated once and kept in the SecretStore like any other key (so it survives
 * restarts when a keychain exists, and is session-only, like everything else, when none does).
 */
export async function startLocalGateway(options: {
  secrets: SecretStore
  env: Record<string, string | undefined>
}): Promise<{ gateway: RunningGateway; profile: () => Profile }> {
  let apiKey = await options.secrets.get(LOCAL_PROFILE_ID)
  if (!apiKey) {
    apiKey = 'sk-local-' + randomBytes(24).toString('base64url')
    await options.secrets.set(LOCAL_PROFILE_ID, apiKey)
  }
  const configPath = options.env[GATEWAY_CONFIG_ENV]
  const config = configPath ? await loadGatewayConfigFile(configPath) : resolveGatewayConfig()
  const gateway = await startGateway({ apiKey, port: 0, config, env: options.env })
  return {
    gateway,
    profile: () => ({
      id: LOCAL_PROFILE_ID,
      name: 'Local gateway',
      kind: 'local',
      baseUrl: gateway.baseUrl,
      catalogSource: 'gateway',
    }),
  }
}
