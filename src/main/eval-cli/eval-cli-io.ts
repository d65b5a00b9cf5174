import { EvalInputError } from '@shared/eval/eval-input-error'
import { TemplateError } from '@shared/templates/template'
import { EvalUsageError } from './eval-args'

export type EvalCliIo = {
  stdout: (text: string) => void
  stderr: (text: string) => void
  env: Record<string, string | undefined>
  readFile: (path: string) => Promise<string>
  /** Writes a file from pieces as they come (a large run's results are never one string). */
  writeChunks: (path: string, chunks: Iterable<string> | AsyncIterable<string>) => Promise<void>
  /** Where a run's journal goes when --journal does not say. */
  tempDir: string
  /** Aborts the run (SIGINT in the CLI): finished cells are reported, the rest are `skipped`. */
  signal?: AbortSignal
}

export const EXIT_PASSED = 0
export const EXIT_FAILED = 1
export const EXIT_BAD_INPUT = 2

/** Bad input (usage, a broken file, a missing one) is a message and exit 2; anything else a bug. */
export async function badInputAsExit<T>(io: EvalCliIo, work: () => Promise<T>): Promise<T | number> {
  try {
    return await work()
  } catch (error) {
    if (
      error instanceof EvalUsageError ||
      error instanceof EvalInputError ||
      error instanceof TemplateError ||
      (error as { code?: string }).code === 'ENOENT'
    ) {
      io.stderr(`eval: ${(error as Error).message}\n`)
      return EXIT_BAD_INPUT
    }
    throw error
  }
}
