import { readFile, writeFile } from 'node:fs/promises'
import { runEvalCli } from './eval/run-eval-cli'

// `npm run eval -- <set-file> [options]`: the headless runner for CI (scripts/eval/run-eval-cli.ts).
const controller = new AbortController()
process.once('SIGINT', () => {
  process.stderr.write('eval: stopping (finished cells are kept; Ctrl+C again to quit at once)\n')
  controller.abort()
  process.once('SIGINT', () => process.exit(130))
})

const code = await runEvalCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  readFile: (path) => readFile(path, 'utf8'),
  writeFile: (path, text) => writeFile(path, text, 'utf8'),
  signal: controller.signal,
})
process.exitCode = code
