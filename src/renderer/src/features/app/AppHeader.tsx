import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { KeyStatusIndicator } from '@renderer/features/settings/KeyStatusIndicator'
import { KeyboardShortcuts } from '@renderer/features/shortcuts/KeyboardShortcuts'
import { ProfileSelect } from './ProfileSelect'
import { ThemeSelect } from './ThemeSelect'

/** Product name, the active profile and its key, theme, the keyboard shortcuts and the way into Settings. */
export function AppHeader(): React.JSX.Element {
  const openSettings = useAppStore((state) => state.setSettingsOpen)
  const workbenchOpen = useAppStore((state) => state.workbenchOpen)
  const setWorkbenchOpen = useAppStore((state) => state.setWorkbenchOpen)
  return (
    <header className="app-header">
      <h1 className="app-title">Model Gateway Playground</h1>
      <ProfileSelect />
      <Button aria-pressed={workbenchOpen} onClick={() => setWorkbenchOpen(!workbenchOpen)}>
        {workbenchOpen ? 'Chat' : 'Workbench'}
      </Button>
      <KeyStatusIndicator />
      <div className="app-header-spacer" />
      <ThemeSelect />
      <KeyboardShortcuts />
      <Button onClick={() => openSettings(true)}>Settings</Button>
    </header>
  )
}
