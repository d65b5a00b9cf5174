import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { startFreshConversation } from '@renderer/features/chat/conversation/start-fresh-conversation'
import { KeyStatusIndicator } from '@renderer/features/settings/KeyStatusIndicator'
import { KeyboardShortcuts } from '@renderer/features/shortcuts/KeyboardShortcuts'
import { ProfileSelect } from './ProfileSelect'
import { ThemeSelect } from './ThemeSelect'

/**
 * Product name, the active profile and its key, New conversation (reachable from any tab), the
 * workbench, theme, the keyboard shortcuts and the way into Settings.
 */
export function AppHeader(): React.JSX.Element {
  const openSettings = useAppStore((state) => state.setSettingsOpen)
  const workbenchOpen = useAppStore((state) => state.workbenchOpen)
  const setWorkbenchOpen = useAppStore((state) => state.setWorkbenchOpen)
  return (
    <header className="app-header">
      <h1 className="app-title">Model Gateway Playground</h1>
      <ProfileSelect />
      <Button title="New conversation (Alt+N)" onClick={() => void startFreshConversation()}>
        New conversation
      </Button>
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
