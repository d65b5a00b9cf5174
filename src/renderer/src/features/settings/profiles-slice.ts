import type { KeyStatusView } from '../../../../shared/ipc/contract'
import type { Profile, ProfileInput } from '../../../../shared/settings/settings-schema'
import { invoke } from '../../lib/invoke'
import type { Slice } from '../../store/slice'

export type ProfilesSlice = {
  profiles: Profile[]
  activeProfileId: string
  /** What the renderer may know about each profile's key: never the key itself. */
  keyStatus: Record<string, KeyStatusView>
  loadProfiles(): Promise<void>
  saveProfile(input: ProfileInput): Promise<Profile>
  removeProfile(profileId: string): Promise<void>
  activateProfile(profileId: string): Promise<void>
  refreshKeyStatus(profileId: string): Promise<void>
  setKey(profileId: string, key: string): Promise<KeyStatusView>
  deleteKey(profileId: string): Promise<KeyStatusView>
}

export const createProfilesSlice: Slice<ProfilesSlice> = (set, get) => ({
  profiles: [],
  activeProfileId: 'local',
  keyStatus: {},
  async loadProfiles() {
    const { profiles, activeProfileId } = await invoke('profiles:list', undefined)
    set({ profiles, activeProfileId })
    await Promise.all(profiles.map((profile) => get().refreshKeyStatus(profile.id)))
  },
  async saveProfile(input) {
    const profile = await invoke('profiles:save', input)
    await get().loadProfiles()
    return profile
  },
  async removeProfile(profileId) {
    await invoke('profiles:remove', { profileId })
    await get().loadProfiles()
  },
  async activateProfile(profileId) {
    await invoke('profiles:activate', { profileId })
    set({ activeProfileId: profileId })
    await get().loadCatalog(profileId)
  },
  async refreshKeyStatus(profileId) {
    const status = await invoke('secrets:status', { profileId })
    set((state) => ({ keyStatus: { ...state.keyStatus, [profileId]: status } }))
  },
  async setKey(profileId, key) {
    const status = await invoke('secrets:set', { profileId, key })
    set((state) => ({ keyStatus: { ...state.keyStatus, [profileId]: status } }))
    // A catalog behind auth may now be readable.
    void get().loadCatalog(profileId, true)
    return status
  },
  async deleteKey(profileId) {
    const status = await invoke('secrets:delete', { profileId })
    set((state) => ({ keyStatus: { ...state.keyStatus, [profileId]: status } }))
    return status
  },
})
