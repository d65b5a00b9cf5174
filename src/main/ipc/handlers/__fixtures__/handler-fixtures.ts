import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { onTestFinished } from 'vitest'
import { LOCAL_PROFILE_ID, type Profile } from '@shared/settings/settings-schema'
import { createSettingsService, type SettingsService } from '@main/services/settings/settings-service'
import { dispatchInvoke, type InvokeHandlers } from '../../dispatch'

/** A request every dialect can build. */
export const REQUEST = {
  model: 'vendorb3.8-Flash-Next',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  maxTokens: 32,
  stream: false,
}

export const LOCAL_BASE_URL = 'http://127.0.0.1:43210/v1'

/** The real settings service in a fresh folder, with a local profile at LOCAL_BASE_URL. */
export async function tempSettings(): Promise<SettingsService> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'ipc-handlers-'))
  onTestFinished(() => rm(userDataDir, { recursive: true, force: true }))
  const localProfile: Profile = {
    id: LOCAL_PROFILE_ID,
    name: 'Local gateway',
    kind: 'local',
    baseUrl: LOCAL_BASE_URL,
    catalogSource: 'gateway',
  }
  return createSettingsService({ userDataDir, localProfile: () => localProfile })
}

/**
 * Invokes a channel of some domains' handlers the way both shells do (dispatchInvoke: the contract
 * parses the input, failures come back as the envelope).
 */
export function invokerOf(
  handlers: Partial<InvokeHandlers>,
): (channel: keyof InvokeHandlers, input: unknown) => ReturnType<typeof dispatchInvoke> {
  return (channel, input) => dispatchInvoke(handlers as InvokeHandlers, channel, input)
}

/** Like invokerOf, for the happy path: the value, or a thrown error with the envelope's message. */
export function valueInvokerOf(
  handlers: Partial<InvokeHandlers>,
): (channel: keyof InvokeHandlers, input: unknown) => Promise<Record<string, unknown>> {
  const invoke = invokerOf(handlers)
  return async (channel, input) => {
    const result = await invoke(channel, input)
    if (!result.ok) throw new Error(result.error.message)
    return result.value as Record<string, unknown>
  }
}
