import { lazy, Suspense } from 'react'
import { AppHeader } from './features/app/AppHeader'
import { SidePanel } from './features/app/SidePanel'
import { Sidebar } from './features/app/Sidebar'
import { ChatArea } from './features/chat/ChatArea'
import { SettingsDialog } from './features/settings/SettingsDialog'
import { useAppStore } from './store'
import './features/app/app-shell.css'

// The workbench (its grid, editors, YAML and CSV readers) loads when first opened: it is most of what
// the initial script would otherwise carry beyond the chat (performance.md R5).
const WorkbenchView = lazy(() =>
  import('./features/workbench/WorkbenchView').then((module) => ({ default: module.WorkbenchView })),
)

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
          <Suspense fallback={<p className="app-loading">Opening the workbench…</p>}>
            <WorkbenchView />
          </Suspense>
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
