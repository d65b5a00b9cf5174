// Electron lifecycle only; the services live in src/main/services (wired in the main-process issue).
import { app } from 'electron'

app.whenReady().then(() => {
  // Placeholder until the window and IPC wiring land.
})
