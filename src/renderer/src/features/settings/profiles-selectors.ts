import type { KeyStatusView } from '@shared/ipc/contract'
import type { Profile } from '@shared/settings/settings-schema'
import type { AppState } from '@renderer/store'

export const selectActiveProfile = (state: AppState): Profile | undefined =>
  state.profiles.find((profile) => profile.id === state.activeProfileId)

export const selectActiveKeyStatus = (state: AppState): KeyStatusView | undefined =>
  state.keyStatus[state.activeProfileId]
