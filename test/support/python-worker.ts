import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export type PythonWorker = { read(source: string): Promise<unknown>; close(): void }

/**
 * One python3 process that answers many questions: each request is a line holding a JSON string (the
 * source), each answer a line of JSON from `handle(source)`, a Python function defined in `program`.
 * Starting python3 per fast-check run costs a few hundred milliseconds on a loaded machine; this
 * keeps properties (and their shrinking) affordable.
 */
export function startPythonWorker(program: string): PythonWorker {
  const loop = `${program}
import json as _json, sys as _sys
for _line in _sys.stdin:
    try:
        _answer = {"ok": handle(_json.loads(_line))}
    except Exception as _error:
        _answer = {"error": repr(_error)}
    print(_json.dumps(_answer, ensure_ascii=True), flush=True)
`
  const child = spawn('python3', ['-c', loop], { stdio: ['pipe', 'pipe', 'inherit'] })
  const waiting: Array<(line: string) => void> = []
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line))
  return {
    read(source) {
      return new Promise((resolve, reject) => {
        waiting.push((line) => {
          const answer = JSON.parse(line) as { ok?: unknown; error?: string }
          if (answer.error !== undefined) reject(new Error(`python3: ${answer.error}`))
          else resolve(answer.ok)
        })
        // JSON.stringify of the source: one line, whatever the source holds (lone surrogates too).
        child.stdin.write(JSON.stringify(source) + '\n')
      })
    },
    close() {
      child.stdin.end()
    },
  }
}
