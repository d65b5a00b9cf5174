import { createWriteStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { EvalInputError } from '@shared/eval/eval-input-error'
import { EVAL_LIMITS } from '@shared/eval/eval-limits'
import { runEvalCli } from './run-eval-cli'

// `npm run eval -- <set-file> [options]`: the headless runner for CI (run-eval-cli.ts), the process around it.
const controller = new AbortController()
process.once('SIGINT', () => {
  process.stderr.write('eval: stopping (finished cells are kept; Ctrl+C again to quit at once)\n')
  controller.abort()
  process.once('SIGINT', () => process.exit(130))
})

/** UTF-8 takes up to 4 bytes a character: a file over this cannot fit the parsers' character cap. */
const MAX_FILE_BYTES = EVAL_LIMITS.fileChars * 4

async function readBounded(path: string): Promise<string> {
  // Checked before reading: a multi-gigabyte file must not be loaded just to be refused.
  const { size } = await stat(path)
  if (size > MAX_FILE_BYTES) {
    throw new EvalInputError(
      `${path}: the file is ${size.toLocaleString('en-US')} bytes; at most ${MAX_FILE_BYTES.toLocaleString('en-US')} are read.`,
    )
  }
  return readFile(path, 'utf8')
}

const code = await runEvalCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  readFile: readBounded,
  writeChunks: (path, chunks) => pipeline(Readable.from(chunks), createWriteStream(path)),
  tempDir: tmpdir(),
  signal: controller.signal,
})
process.exitCode = code
