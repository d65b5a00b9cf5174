import type { KeyStatusView } from '@shared/ipc/contract'
import { LOCAL_PROFILE_ID, type Profile } from '@shared/settings/settings-schema'
import type { AppState } from '@renderer/store'

export const selectActiveProfile = (state: AppState): Profile | undefined =>
  state.profiles.find((profile) => profile.id === state.activeProfileId)

export const selectActiveKeyStatus = (state: AppState): KeyStatusView | undefined =>
  state.keyStatus[state.activeProfileId]

/**
 * The active profile is the app's local gateway. Before the profiles are loaded the id decides: the
 * local profile's id is fixed, and a send may be made before `profiles:list` has answered.
 */
export function selectIsLocalProfile(state: AppState): boolean {
  const profile = selectActiveProfile(state)
  return profile ? profile.kind === 'local' : state.activeProfileId === LOCAL_PROFILE_ID
}

/** The active profile's cassette folder when it is a replay profile (docs/cassettes.md "In the app"). */
export function selectReplayFolder(state: AppState): string | undefined {
  const profile = selectActiveProfile(state)
  return profile?.kind === 'replay' ? profile.replay?.folder : undefined
}

/**
 * The fault injection (`x-simulate`) the next sends carry, '' for none. It is the local gateway's
 * only (the run registry refuses it for other profiles). The send path and the curl preview both read
 * it here, so the command shown is the request sent.
 */
export function selectSimulateHeader(state: AppState): string {
  return selectIsLocalProfile(state) ? state.simulate.trim() : ''
}
