import { useMemo } from 'react'
import { SelectField } from '@renderer/components/SelectField'
import { useAppStore } from '@renderer/store'

/** The profile requests go to; switching loads its catalog. */
export function ProfileSelect(): React.JSX.Element {
  const activeProfileId = useAppStore((state) => state.activeProfileId)
  const profiles = useAppStore((state) => state.profiles)
  const options = useMemo(
    () => profiles.map((profile) => ({ value: profile.id, label: profile.name })),
    [profiles],
  )
  const activeName = options.find((option) => option.value === activeProfileId)?.label
  return (
    <SelectField
      label="Profile"
      inline
      className="app-profile-select"
      value={activeProfileId}
      // Until profiles load, the select shows the id it will show; never an empty, unlabelled box.
      options={options.length > 0 ? options : [{ value: activeProfileId, label: 'Loading…' }]}
      title={activeName}
      onChange={(profileId) => {
        const state = useAppStore.getState()
        state
          .activateProfile(profileId)
          .catch((error: unknown) =>
            state.notify('error', `Could not switch the profile: ${(error as Error).message}`),
          )
      }}
    />
  )
}
