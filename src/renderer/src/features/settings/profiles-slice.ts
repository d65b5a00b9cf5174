import type { KeyStatusView, ProfileSaveResult } from '@shared/ipc/contract'
import type { Profile, ProfileInput, ReplayProfileInput } from '@shared/settings/settings-schema'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'

export type ProfilesSlice = {
  profiles: Profile[]
  activeProfileId: string
  /** What the renderer may know about each profile's key: never the key itself. */
  keyStatus: Record<string, KeyStatusView>
  loadProfiles(): Promise<void>
  /** The saved profile, with what the user must hear about it (a removed key, warnings). */
  saveProfile(input: ProfileInput): Promise<ProfileSaveResult>
  /** A replay profile (docs/cassettes.md "In the app"). */
  saveReplayProfile(input: ReplayProfileInput): Promise<Profile>
  removeProfile(profileId: string): Promise<void>
  activateProfile(profileId: string): Promise<void>
  refreshKeyStatus(profileId: string): Promise<void>
  /**
   * Sends the key to main once; only the returned status (`hasKey`, storage, last four) is kept. The
   * key itself is never put in the store, so no selector, devtool or persisted state can show it.
   */
  setKey(profileId: string, key: string): Promise<KeyStatusView>
  deleteKey(profileId: string): Promise<KeyStatusView>
}

export const createProfilesSlice: Slice<ProfilesSlice> = (set, get) => ({
  profiles: [],
  activeProfileId: 'local',
  keyStatus: {},
  async loadProfiles() {
    const { profiles, activeProfileId } = await invoke('profiles:list', undefined)
    set((state) => ({
      profiles,
      activeProfileId,
      // Statuses of removed profiles go; the others are refreshed below.
      keyStatus: Object.fromEntries(
        Object.entries(state.keyStatus).filter(([id]) => profiles.some((profile) => profile.id === id)),
      ),
    }))
    // One unreadable key status (a locked keyring timing out) must not hide the profiles.
    const results = await Promise.allSettled(profiles.map((profile) => get().refreshKeyStatus(profile.id)))
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
    if (failed) get().notify('warning', `Could not read a key status: ${(failed.reason as Error).message}`)
  },
  async saveProfile(input) {
    const profile = await invoke('profiles:save', input)
    // loadProfiles refreshes the key status too: a key dropped for a new origin shows as missing.
    await get().loadProfiles()
    // An edited base URL, login URL or catalog source changes the cards.
    if (input.id !== undefined && get().catalogs[profile.id] !== undefined) {
      void get().loadCatalog(profile.id)
    }
    return profile
  },
  async saveReplayProfile(input) {
    const profile = await invoke('profiles:save-replay', input)
    await get().loadProfiles()
    return profile
  },
  async removeProfile(profileId) {
    await invoke('profiles:remove', { profileId })
    await get().loadProfiles()
    const { activeProfileId, catalogs } = get()
    if (catalogs[activeProfileId] === undefined) await get().loadCatalog(activeProfileId)
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
    // A catalog behind auth is no longer readable: show what the profile gets now.
    if (get().catalogs[profileId] !== undefined) void get().loadCatalog(profileId, true)
    return status
  },
})
