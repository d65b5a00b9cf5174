import { SelectField, type SelectOption } from '@renderer/components/SelectField'
import { useAppStore } from '@renderer/store'
import type { Theme } from './app-slice'

const THEME_OPTIONS: ReadonlyArray<SelectOption<Theme>> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/** System / Light / Dark; applied at once, saved by main. */
export function ThemeSelect({ inline = true }: { inline?: boolean }): React.JSX.Element {
  const theme = useAppStore((state) => state.theme)
  return (
    <SelectField
      label="Theme"
      inline={inline}
      value={theme}
      options={THEME_OPTIONS}
      onChange={(next) => {
        const state = useAppStore.getState()
        state
          .setTheme(next)
          .catch((error: unknown) =>
            state.notify('error', `The theme applies now but was not saved: ${(error as Error).message}`),
          )
      }}
    />
  )
}
