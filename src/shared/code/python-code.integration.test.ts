import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { DIALECT_IDS, type ChatRequest, type DialectId } from '../chat/chat-request'
import { toAsciiJson } from '../http/json-ascii'
import { anyChatRequest, SECRET, sentHttp } from './__fixtures__/code-arbitraries'
import { generateCode } from './code-generators'
import { CODE_VARIANTS } from './__fixtures__/code-variants'
import { startPythonWorker } from '@test/support/python-worker'

/**
 * What the emitted Python sets, read by Python's own parser: the client's keyword arguments (the key
 * must be `os.environ[...]`, never a literal) and the `create` call's keyword arguments, with
 * `extra_body` merged in as the SDK merges it into the body. Nothing is executed.
 */
const READ_CALLS = String.raw`
import ast

def handle(source):
    out = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id in ("OpenAI", "Anthropic"):
            client = {"class": node.func.id}
            for kw in node.keywords:
                if kw.arg == "api_key":
                    if not (isinstance(kw.value, ast.Subscript) and ast.unparse(kw.value.value) == "os.environ"):
                        raise ValueError("api_key is not read from os.environ")
                    client["api_key_env"] = ast.literal_eval(kw.value.slice)
                else:
                    client[kw.arg] = ast.literal_eval(kw.value)
            out["client"] = client
        elif isinstance(node.func, ast.Attribute) and node.func.attr == "create":
            body = {}
            for kw in node.keywords:
                value = ast.literal_eval(kw.value)
                if kw.arg == "extra_body":
                    body.update(value)
                else:
                    body[kw.arg] = value
            out["kwargs"] = [kw.arg for kw in node.keywords]
            out["method"] = ast.unparse(node.func)
            out["body"] = body
    return out
`

/** JSON text with every object's keys sorted, strings as the dialects escape them. */
function sortedJson(value: unknown): string {
  const sorted = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sorted)
    if (typeof item !== 'object' || item === null) return item
    const entries = Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    // defineProperty, not assignment: a `__proto__` key must stay a key.
    const out = {}
    for (const [key, child] of entries) {
      Object.defineProperty(out, key, {
        value: sorted(child),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }
  return toAsciiJson(sorted(value))
}

type ReadCalls = {
  client: { class: string; base_url: string; api_key_env: string; default_headers?: Record<string, string> }
  method: string
  kwargs: string[]
  body: unknown
}

const python = startPythonWorker(READ_CALLS)
afterAll(() => python.close())

async function readCalls(code: string): Promise<ReadCalls> {
  return (await python.read(code)) as ReadCalls
}

async function expectSameRequest(dialect: DialectId, request: ChatRequest, simulate: string): Promise<void> {
  const http = sentHttp(dialect, request, simulate)
  const code = generateCode('python', { dialect, http, secret: SECRET })
  expect(code).not.toContain(SECRET)
  const read = await readCalls(code)
  // Field for field; the order of the top-level fields aside (`extra_body` is merged in last).
  expect(sortedJson(read.body)).toBe(sortedJson(JSON.parse(http.body ?? '')))
  expect(read.client.api_key_env).toBe('MODEL_GATEWAY_API_KEY')
  expect(read.client.default_headers).toEqual(simulate === '' ? undefined : { 'x-simulate': simulate })
  if (dialect === 'openai-chat') {
    expect(read.client.class).toBe('OpenAI')
    expect(read.method).toBe('client.chat.completions.create')
    expect(read.client.base_url + '/chat/completions').toBe(http.url)
  } else {
    expect(read.client.class).toBe('Anthropic')
    expect(read.method).toBe('client.messages.create')
    expect(read.client.base_url + '/v1/messages').toBe(http.url)
    // Sampling parameters are no keyword of the current SDK (a TypeError): they travel in extra_body.
    expect(read.kwargs).not.toContain('temperature')
    expect(read.kwargs.includes('extra_body')).toBe(
      request.temperature !== undefined || request.topP !== undefined,
    )
  }
}

const dir = mkdtempSync(join(tmpdir(), 'python-code-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.each(DIALECT_IDS)('Python code for %s', (dialect) => {
  it.each(CODE_VARIANTS)(
    '$name compiles (py_compile) and sets the fields of the request',
    async ({ name, request }) => {
      const file = join(dir, `${dialect}-${name}.py`)
      writeFileSync(file, generateCode('python', { dialect, http: sentHttp(dialect, request) }))
      // Throws (non-zero exit) on a syntax error, with Python's message.
      execFileSync('python3', ['-m', 'py_compile', file], { stdio: 'pipe' })
      await expectSameRequest(dialect, request, '')
    },
  )

  it('sets exactly the fields of any request (any text in messages, system, tool schemas)', async () => {
    await fc.assert(
      fc.asyncProperty(anyChatRequest, fc.constantFrom('', 'midstream-error'), (request, simulate) =>
        expectSameRequest(dialect, request, simulate),
      ),
      { numRuns: 200 },
    )
  })
})
