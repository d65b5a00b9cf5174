import { writeCassette } from './cassette-file'
import type { Cassette } from './cassette-schema'

/** Where finished recordings go. */
export type CassetteSink = (cassette: Cassette) => void

export type CassetteWriter = {
  sink: CassetteSink
  /** Resolves once every cassette handed to `sink` so far is on disk (or failed and was reported). */
  settled(): Promise<void>
}

/**
 * Writes recordings into `dir` off the reply's path (the client does not wait for the disk), each one
 * atomically; a failed write is reported through `report` and loses nothing else.
 */
export function createCassetteWriter(dir: string, report: (line: string) => void): CassetteWriter {
  const pending = new Set<Promise<void>>()
  return {
    sink(cassette) {
      const write = writeCassette(dir, cassette).then(
        () => undefined,
        (error: unknown) => report(`Could not write a cassette to ${dir}: ${(error as Error).message}`),
      )
      pending.add(write)
      void write.finally(() => pending.delete(write))
    },
    async settled() {
      await Promise.all([...pending])
    },
  }
}
