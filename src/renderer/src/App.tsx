import { AppHeader } from './features/app/AppHeader'
import { SidePanel } from './features/app/SidePanel'
import { Sidebar } from './features/app/Sidebar'
import { ChatArea } from './features/chat/ChatArea'
import { SettingsDialog } from './features/settings/SettingsDialog'
import { WorkbenchView } from './features/workbench/WorkbenchView'
import { useAppStore } from './store'
import './features/app/app-shell.css'

/**
 * The layout: header across the top; models and history on the left; the conversation (one or two
 * panes) in the middle; parameters, generated code and the inspector on the right.
 */
export function App(): React.JSX.Element {
  const settingsOpen = useAppStore((state) => state.settingsOpen)
  const workbenchOpen = useAppStore((state) => state.workbenchOpen)
  return (
    <div className="app-shell">
      <AppHeader />
      {workbenchOpen ? (
        <main className="app-body" aria-label="Workbench">
          <WorkbenchView />
        </main>
      ) : (
        <div className="app-body">
          <Sidebar />
          <main className="app-main" aria-label="Conversation">
            <ChatArea />
          </main>
          <SidePanel />
        </div>
      )}
      {settingsOpen && <SettingsDialog />}
    </div>
  )
}
