// Child process of the keychain tests: keytar reads DBUS_SESSION_BUS_ADDRESS when it first talks to the
// bus, so a store with a different environment needs a process of its own. Saves the key from
// SECRET_STORE_TEST_KEY under the account in argv and prints the resulting KeyStatus as JSON.
import { createKeytarSecretStore } from '../keytar-secret-store'

async function main(): Promise<void> {
  const account = process.argv[2]
  const secret = process.env.SECRET_STORE_TEST_KEY
  if (account === undefined || secret === undefined) throw new Error('usage: print-set-status <account>')
  const store = createKeytarSecretStore({ timeoutMs: 10_000 })
  const status = await store.set(account, secret)
  process.stdout.write(`${JSON.stringify(status)}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`)
  process.exit(1)
})
