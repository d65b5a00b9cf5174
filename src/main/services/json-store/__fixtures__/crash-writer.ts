// Child process of the crash test: opens the store, then writes documents in a tight loop, printing
// "<id> <seq>" on stdout after each write has completed. The test SIGKILLs it at random moments.
import { createJsonDirectoryStore } from '../create-json-directory-store'
import { CRASH_DOCUMENT_IDS, crashDocumentChecker, crashPayloadFor } from './crash-document'

async function main(): Promise<void> {
  const [dir, firstSeqText] = process.argv.slice(2)
  if (dir === undefined || firstSeqText === undefined)
    throw new Error('usage: crash-writer <dir> <first-seq>')
  const store = await createJsonDirectoryStore({ dir, schema: crashDocumentChecker, extension: '.json' })
  for (let seq = Number(firstSeqText); ; seq += 1) {
    const id = CRASH_DOCUMENT_IDS[seq % CRASH_DOCUMENT_IDS.length] ?? 'doc-0'
    await store.write(id, { id, seq, payload: crashPayloadFor(seq) })
    process.stdout.write(`${id} ${seq}\n`)
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
