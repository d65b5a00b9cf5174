// Child process of the startup test: browser mode as `npm start -- --browser` starts it (the same
// startBrowserMode), on a user data folder the test prepared. Prints "READY <url>" once serving.
import { startBrowserMode } from '@main/browser-main'

async function main(): Promise<void> {
  const [userDataDir, rendererDir] = process.argv.slice(2)
  if (userDataDir === undefined || rendererDir === undefined) {
    throw new Error('usage: browser-mode-child <userDataDir> <rendererDir>')
  }
  const running = await startBrowserMode({ userDataDir, rendererDir, version: 'test' })
  process.stdout.write(`READY ${running.url}\n`)
  process.on('SIGTERM', () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
