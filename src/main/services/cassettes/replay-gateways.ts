import type { Profile } from '@shared/settings/settings-schema'
import type { GatewayWorkerData } from '../local-gateway/gateway-worker-messages'
import { startGatewayWorker, type GatewayWorker } from '../local-gateway/start-gateway-worker'
import { cassetteFolderPath } from './cassette-folder-path'

export type ReplayGateways = {
  /** The base URL of the gateway replaying `profile`'s folder, started on first need (or again). */
  baseUrl(profile: Profile): Promise<string>
  /** `profile` with the address it is reached at: a replay profile's gateway started if need be. */
  live(profile: Profile): Promise<Profile>
  /** Its address now, '' while none runs (the profile list shows it). */
  currentUrl(profileId: string): string
  /** Stops the gateways of profiles that are gone or no longer replay as they did. */
  retain(profiles: readonly Profile[]): Promise<void>
  close(): Promise<void>
}

type ReplaySetup = NonNullable<GatewayWorkerData['replay']>
type Running = { setup: string; worker: Promise<GatewayWorker>; url: string }

/**
 * One loopback gateway per replay profile (docs/cassettes.md "In the app"): the local gateway's own
 * worker, started with the CLI's `--replay <folder> --replay-speed <speed> --on-miss error`, so a
 * replay profile's replies go through the very replay engine the gateway has. It checks the local
 * gateway's key (main holds it; a replay profile needs no key of its own). Started when a run of the
 * profile first needs it; a gateway that ended on its own is started again by the next run.
 */
export function createReplayGateways(options: {
  apiKey: string
  userDataDir: string
  /** A gateway began listening: the profile list's addresses changed. */
  onStarted: () => void
  startWorker?: typeof startGatewayWorker
}): ReplayGateways {
  const startWorker = options.startWorker ?? startGatewayWorker
  const running = new Map<string, Running>()

  const setupOf = (profile: Profile): ReplaySetup => {
    if (profile.kind !== 'replay' || profile.replay === undefined) {
      throw new Error(`The profile ${JSON.stringify(profile.id)} does not replay cassettes.`)
    }
    const dir = cassetteFolderPath(options.userDataDir, profile.replay.folder)
    return { dir, speed: profile.replay.speed, onMiss: 'error' }
  }

  const stop = async (profileId: string): Promise<void> => {
    const entry = running.get(profileId)
    running.delete(profileId)
    await entry?.worker.then((worker) => worker.close()).catch(() => undefined)
  }

  const start = (profileId: string, replay: ReplaySetup): Running => {
    const data: GatewayWorkerData = {
      apiKey: options.apiKey,
      port: 0,
      configPath: undefined,
      env: {},
      replay,
    }
    const entry: Running = { setup: JSON.stringify(replay), worker: startWorker(data), url: '' }
    running.set(profileId, entry)
    void entry.worker.then(
      (worker) => {
        entry.url = worker.baseUrl
        options.onStarted()
        void worker.exited.then(() => {
          if (running.get(profileId) === entry) running.delete(profileId)
        })
      },
      () => {
        if (running.get(profileId) === entry) running.delete(profileId)
      },
    )
    return entry
  }

  const baseUrl = async (profile: Profile): Promise<string> => {
    const replay = setupOf(profile)
    const entry = running.get(profile.id)
    if (entry !== undefined && entry.setup === JSON.stringify(replay)) return (await entry.worker).baseUrl
    if (entry !== undefined) await stop(profile.id)
    return (await start(profile.id, replay).worker).baseUrl
  }

  return {
    baseUrl,
    live: async (profile) =>
      profile.kind === 'replay' ? { ...profile, baseUrl: await baseUrl(profile) } : profile,
    currentUrl: (profileId) => running.get(profileId)?.url ?? '',
    async retain(profiles) {
      const wanted = new Map(profiles.map((profile) => [profile.id, profile]))
      const stale = [...running.entries()].filter(([id, entry]) => {
        const profile = wanted.get(id)
        return profile?.kind !== 'replay' || entry.setup !== JSON.stringify(setupOf(profile))
      })
      await Promise.all(stale.map(([id]) => stop(id)))
    },
    async close() {
      await Promise.all([...running.keys()].map(stop))
    },
  }
}
