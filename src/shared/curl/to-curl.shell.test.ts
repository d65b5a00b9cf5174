import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoedRequest, type EchoServer } from '@test/support/echo-server'
import type { HttpRequest } from '../http/http-request'
import { toAsciiJson } from '../http/json-ascii'
import { KEY_ENV_VAR, toCurl, type CurlOptions } from './index'

/*
 * The generated commands, run for real: `bash -c` (with history expansion on, as in an interactive
 * paste) and `dash -c`, against a loopback echo server, in an empty temp directory that must stay
 * empty. Commands are batched into one shell run per ~100 so thousands of prompts take seconds.
 */

const execFileAsync = promisify(execFile)
const KEY = 'sk-CANARY-0d9a4c1e-7b2f-4e8a-9c3d-5f6e7a8b9c0d'
const SHELLS = ['bash', 'dash'] as const
type Shell = (typeof SHELLS)[number]

/** One Linux argument (a `-c` script, or curl's `--data-raw` body) is at most 128 KiB. */
const MAX_SCRIPT_BYTES = 100_000
const COMMANDS_PER_SCRIPT = 100

let server: EchoServer
let cwd: string
let home: string

beforeAll(async () => {
  server = await startEchoServer()
  cwd = await mkdtemp(join(tmpdir(), 'curl-cwd-'))
  home = await mkdtemp(join(tmpdir(), 'curl-home-'))
})

afterAll(async () => {
  await server.close()
  await rm(cwd, { recursive: true, force: true })
  await rm(home, { recursive: true, force: true })
})

beforeEach(() => server.clear())

type ShellCase = { id: string; request: HttpRequest; command: string }

/**
 * Run every command in `shell`, batched, in the empty cwd, with a minimal environment: no proxy
 * variables, HOME elsewhere (no ~/.curlrc), plus `env` (the key variable).
 * Returns each case's curl exit code.
 */
async function runInShell(
  shell: Shell,
  cases: ShellCase[],
  env: Record<string, string>,
): Promise<Map<string, number>> {
  const scripts: string[] = []
  let script = ''
  let count = 0
  for (const { id, command } of cases) {
    // Output goes to /dev/null; the exit code is what we read back. `id` is [a-z0-9-] only.
    // A group, so the redirection also follows a command ending in a here-document's delimiter line.
    const step = `{ ${command}\n} >/dev/null\necho "rc ${id} $?"\n`
    // A step over one argument's limit (a here-document body) runs alone, from a script file.
    if (step.length > MAX_SCRIPT_BYTES) {
      scripts.push(step)
      continue
    }
    if (script !== '' && (script.length + step.length > MAX_SCRIPT_BYTES || count === COMMANDS_PER_SCRIPT)) {
      scripts.push(script)
      script = ''
      count = 0
    }
    script += step
    count++
  }
  if (script !== '') scripts.push(script)

  // bash reads a pasted command with history expansion on: a `!` outside single quotes would fire.
  const prelude = shell === 'bash' ? 'set -o history -o histexpand\n' : ''
  const exitCodes = new Map<string, number>()
  for (const [index, batch] of scripts.entries()) {
    // As a user would save a long pasted command to a file and run it: `sh file`, outside the cwd.
    let args = ['-c', prelude + batch]
    if (batch.length > MAX_SCRIPT_BYTES) {
      const file = join(home, `script-${shell}-${index}.sh`)
      await writeFile(file, prelude + batch)
      args = [file]
    }
    const { stdout } = await execFileAsync(shell, args, {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LC_ALL: 'C', ...env },
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { code?: unknown; stderr?: string }) => {
      // The default message repeats the whole script; the exit code and stderr say what broke.
      throw new Error(`${shell} exited with ${String(error.code)}: ${clip(error.stderr)}`)
    })
    for (const match of stdout.matchAll(/^rc (\S+) (\d+)$/gm)) exitCodes.set(match[1] ?? '', Number(match[2]))
  }
  return exitCodes
}

function receivedById(): Map<string, EchoedRequest[]> {
  const byId = new Map<string, EchoedRequest[]>()
  for (const received of server.requests) {
    const id = String(received.headers['x-case'])
    byId.set(id, [...(byId.get(id) ?? []), received])
  }
  return byId
}

/** The request-target fetch would send for this URL: the WHATWG serialization minus origin and fragment. */
function expectedTarget(url: string): string {
  const parsed = new URL(url)
  parsed.hash = ''
  return parsed.href.slice(parsed.origin.length)
}

const clip = (text: string | undefined): string =>
  text === undefined || text.length <= 3000 ? String(text) : text.slice(0, 3000) + `… (${text.length} chars)`

/** Run the cases in every shell and check that each arrived exactly as `request` says. */
async function expectDeliveredVerbatim(
  makeCases: (shell: Shell) => ShellCase[],
  options: { keyValue?: string; expectedAuthorization?: string; envVar?: string } = {},
): Promise<void> {
  const envVar = options.envVar ?? KEY_ENV_VAR
  const env: Record<string, string> = options.keyValue === undefined ? {} : { [envVar]: options.keyValue }
  const casesByShell = SHELLS.map((shell) => ({ shell, cases: makeCases(shell) }))
  const exitCodesByShell = await Promise.all(
    casesByShell.map(({ shell, cases }) => runInShell(shell, cases, env)),
  )
  const received = receivedById()

  casesByShell.forEach(({ cases }, shellIndex) => {
    for (const { id, request, command } of cases) {
      const context = `${id}\n--- command ---\n${clip(command)}\n--- body ---\n${clip(request.body)}`
      expect(exitCodesByShell[shellIndex]?.get(id), `curl exit code, ${context}`).toBe(0)
      const arrivals = received.get(id) ?? []
      expect(arrivals.length, `requests received, ${context}`).toBe(1)
      const arrival = arrivals[0] as EchoedRequest
      expect(arrival.method, context).toBe(request.method)
      expect(arrival.url, context).toBe(expectedTarget(request.url))
      const bodyBytes = Buffer.from(request.body ?? '', 'utf8')
      expect(arrival.body.length, context).toBe(bodyBytes.length)
      expect(arrival.body.equals(bodyBytes), context).toBe(true)
      if (options.expectedAuthorization !== undefined) {
        expect(arrival.headers.authorization, context).toBe(options.expectedAuthorization)
      }
      for (const [name, value] of Object.entries(request.headers)) {
        if (name === 'authorization') continue
        expect(arrival.headers[name], `header ${name}, ${context}`).toBe(value.trim())
      }
    }
  })
  expect(await readdir(cwd), 'files created in the working directory').toEqual([])
}

function chatCase(id: string, body: string, extra: { url?: string; headers?: Record<string, string> } = {}) {
  const request: HttpRequest = {
    method: 'POST',
    url: extra.url ?? `${server.origin}/v1/chat/completions`,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${KEY}`,
      'x-case': id,
      ...extra.headers,
    },
    body,
  }
  return request
}

function toShellCase(id: string, request: HttpRequest, options: CurlOptions = { secret: KEY }): ShellCase {
  const command = toCurl(request, options)
  // What a user relies on before even running it: printable, and no key in it.
  expect(command).toMatch(/^[\x20-\x7e\n]*$/)
  if (!options.revealSecret) expect(command).not.toContain(KEY)
  return { id, request, command }
}

// Things that break naive quoting, in a shell or in a terminal.
const NASTY_FRAGMENTS = [
  "'",
  '"',
  '`',
  '\\',
  '$',
  '!',
  '%',
  '$(touch pwned)',
  '`touch pwned`',
  "'; touch pwned; '",
  '"; touch pwned; "',
  "'$(touch pwned)'",
  "\\'; touch pwned; echo '",
  '$(touch${IFS}pwned)',
  '; touch pwned #',
  '&& touch pwned',
  '| touch pwned',
  '>pwned',
  '<pwned',
  '!!',
  '!$',
  '!-1',
  '!touch',
  '^x^y',
  '%s%n%x',
  '%0a',
  '${HOME}',
  '$HOME',
  '$MODEL_GATEWAY_API_KEY',
  '${MODEL_GATEWAY_API_KEY}',
  '@/etc/passwd',
  '-d @/etc/passwd',
  '*',
  '?',
  '[a]',
  '{a,b}',
  '~',
  '#',
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u001b]0;title\u0007',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u200f',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ud800',
  '\udfff',
  '😀',
  '👩‍👩‍👧',
  'é',
  '中文',
  ' \\\n',
  '\\u0000',
  '"}],"model":"x',
]

// Any code point, lone surrogates included (fast-check's 'binary' unit excludes them, and building it
// costs over a second per worker).
const anyCodePoint = fc
  .oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0, max: 0xffff }),
    fc.integer({ min: 0, max: 0x10ffff }),
  )
  .map((code) => String.fromCodePoint(code))
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))
const fragment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_FRAGMENTS) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 3, arbitrary: fc.string({ unit: anyCodePoint, maxLength: 4 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 8 }) },
)
const prompt = fc.string({ unit: fragment, maxLength: 30 })
// Up to 10,000 UTF-16 units: at most 60,000 bytes once escaped, under the 128 KiB argument limit.
const longPrompt = fc
  .tuple(fc.string({ unit: fragment, minLength: 1, maxLength: 10 }), fc.integer({ min: 200, max: 4000 }))
  .map(([piece, times]) => piece.repeat(times).slice(0, 10_000))
const printableChar = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code))
const printable = fc.string({
  unit: fc.oneof(
    printableChar,
    fc.constantFrom("'", '"', '`', '$(touch pwned)', "'; touch pwned; '", '\\', '!'),
  ),
  maxLength: 40,
})

const caseSpec = fc.record({
  messages: fc.oneof(
    { weight: 15, arbitrary: fc.array(prompt, { minLength: 1, maxLength: 12 }) },
    { weight: 1, arbitrary: longPrompt.map((text) => [text]) },
  ),
  system: fc.option(prompt, { nil: undefined }),
  model: fc.oneof(fc.constantFrom('gpt-4o-mini', 'claude-sonnet-4-5'), printable),
  stream: fc.boolean(),
  note: printable,
  query: fc.option(printable, { nil: undefined }),
})
type CaseSpec = typeof caseSpec extends fc.Arbitrary<infer T> ? T : never

function chatBody(spec: CaseSpec): string {
  const messages = spec.messages.map((content, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    content,
  }))
  const system = spec.system === undefined ? [] : [{ role: 'system', content: spec.system }]
  return toAsciiJson({
    model: spec.model,
    messages: [...system, ...messages],
    stream: spec.stream,
    temperature: 0.7,
  })
}

// Environment values with shell syntax in them must arrive literally too (no re-evaluation).
const keyValue = printable.map((text) => text.trim() || 'k')

describe('toCurl commands run in bash and dash', () => {
  it('deliver any prompt byte for byte, with the key from the environment and no side effect', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(caseSpec, { minLength: 100, maxLength: 100 }),
        keyValue,
        async (specs, value) => {
          run++
          server.clear()
          await expectDeliveredVerbatim(
            (shell) =>
              specs.map((spec, index) => {
                const id = `${shell}-${run}-${index}`
                const url = `${server.origin}/v1/chat/completions${spec.query === undefined ? '' : '?' + spec.query}`
                // Every other command sends its body from a here-document on stdin.
                return toShellCase(
                  id,
                  chatCase(id, chatBody(spec), { url, headers: { 'x-note': spec.note } }),
                  { secret: KEY, bodyFrom: index % 2 === 0 ? 'argument' : 'stdin' },
                )
              }),
            { keyValue: value, expectedAuthorization: `Bearer ${value}` },
          )
        },
      ),
      // 4 runs x 100 commands x 2 shells, each command carrying 1–13 prompts (~7 on average), a
      // model name, a header and a query: ~2,800 prompts per shell. A curl process costs ~10 ms, so
      // more prompts per command, not more commands.
      { numRuns: 4, endOnFailure: true },
    )
  }, 120_000)

  it('deliver every hand-picked nasty prompt, alone and all together', async () => {
    const prompts = [...NASTY_FRAGMENTS, NASTY_FRAGMENTS.join(''), NASTY_FRAGMENTS.join(' ').repeat(50)]
    await expectDeliveredVerbatim(
      (shell) =>
        prompts.map((text, index) => {
          const id = `${shell}-nasty-${index}`
          const body = toAsciiJson({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: text }] })
          // Node's server caps all headers at 16 KiB: keep the note short.
          const note = text.replace(/[^\x20-\x7e]/g, '').slice(0, 300)
          return toShellCase(id, chatCase(id, body, { headers: { 'x-note': note } }))
        }),
      { keyValue: KEY, expectedAuthorization: `Bearer ${KEY}` },
    )
  }, 60_000)

  it('deliver a body over the 128 KiB argument limit from a here-document, where --data-raw cannot', async () => {
    // ~2 MB of text with every nasty fragment in it, the kind of paste that hits the limit.
    const text = NASTY_FRAGMENTS.join(' ').repeat(4000).slice(0, 2_000_000)
    const body = toAsciiJson({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: text }] })
    expect(Buffer.byteLength(body)).toBeGreaterThan(128 * 1024)
    await expectDeliveredVerbatim(
      (shell) => {
        const id = `${shell}-big-stdin`
        return [toShellCase(id, chatCase(id, body), { secret: KEY, bodyFrom: 'stdin' })]
      },
      { keyValue: KEY, expectedAuthorization: `Bearer ${KEY}` },
    )
    // The inline form of the same body cannot even start curl.
    const inline = toCurl(chatCase('big-inline', body), { secret: KEY })
    const file = join(home, 'inline.sh')
    await writeFile(file, `${inline} >/dev/null 2>&1\necho "rc $?"\n`)
    const { stdout } = await execFileAsync('dash', [file], { cwd, env: { PATH: process.env.PATH ?? '' } })
    expect(stdout.trim()).not.toBe('rc 0')
  }, 60_000)

  it('restore a key found in the body of a here-document, with $, backticks and backslashes around it', async () => {
    const body = toAsciiJson({
      model: 'm',
      messages: [{ role: 'user', content: `a \\ $HOME \`id\` $(touch pwned) ${KEY}\\${KEY}$ "${KEY}"\\` }],
    })
    await expectDeliveredVerbatim(
      (shell) => {
        const id = `${shell}-key-in-heredoc`
        return [toShellCase(id, chatCase(id, body), { secret: KEY, envVar: 'ACME_KEY_3', bodyFrom: 'stdin' })]
      },
      { keyValue: KEY, envVar: 'ACME_KEY_3', expectedAuthorization: `Bearer ${KEY}` },
    )
  }, 30_000)

  it('send the key itself with revealSecret, whatever the environment holds', async () => {
    const body = toAsciiJson({ model: 'm', messages: [{ role: 'user', content: "it's $(touch pwned)!" }] })
    await expectDeliveredVerbatim(
      (shell) => [
        toShellCase(`${shell}-reveal`, chatCase(`${shell}-reveal`, body), {
          secret: KEY,
          revealSecret: true,
        }),
      ],
      { keyValue: 'not-the-key', expectedAuthorization: `Bearer ${KEY}` },
    )
  }, 30_000)

  it('restore a key found in the URL and the body from a custom variable', async () => {
    const body = toAsciiJson({
      model: 'm',
      messages: [{ role: 'user', content: `my key: ${KEY}! it's "${KEY}"` }],
    })
    await expectDeliveredVerbatim(
      (shell) => {
        const id = `${shell}-key-everywhere`
        const request = chatCase(id, body, {
          url: `${server.origin}/v1/chat/completions?key=${KEY}&x={a,b}`,
          // A header carrying the key is double-quoted: what is special there must arrive literally,
          // `!` included, with bash's history expansion on.
          headers: { 'x-api-key': KEY, 'x-note': `!a!! "b" $c \`d\` \\e ${KEY}!$(touch pwned)${KEY}` },
        })
        return [toShellCase(id, request, { secret: KEY, envVar: 'ACME_KEY_2' })]
      },
      { keyValue: KEY, envVar: 'ACME_KEY_2', expectedAuthorization: `Bearer ${KEY}` },
    )
    expect(server.requests.every((received) => received.headers['x-api-key'] === KEY)).toBe(true)
  }, 30_000)

  it('send GET without a body, POST without a body, empty headers and globbing characters as written', async () => {
    await expectDeliveredVerbatim(
      (shell) => [
        toShellCase(`${shell}-get`, {
          method: 'GET',
          url: `${server.origin}/v1/models?a[0]=1&b={x,y}`,
          headers: { 'x-case': `${shell}-get`, authorization: `Bearer ${KEY}` },
        }),
        toShellCase(`${shell}-post-empty`, {
          method: 'POST',
          url: `${server.origin}/v1/chat/completions`,
          headers: { 'x-case': `${shell}-post-empty`, 'x-empty': '', authorization: `Bearer ${KEY}` },
        }),
      ],
      { keyValue: 'v', expectedAuthorization: 'Bearer v' },
    )
    expect(server.requests.filter((received) => received.headers['x-empty'] === '')).toHaveLength(2)
  }, 30_000)

  it('send what fetch sends for the same request (target, body, our headers)', async () => {
    const requests = [
      chatCase(
        'fetch-0',
        toAsciiJson({ model: 'm', messages: [{ role: 'user', content: 'héllo \u2028 😀' }] }),
      ),
      chatCase('fetch-1', toAsciiJson({ model: 'm', stream: true }), {
        url: `${server.origin}/v1/ch\u00e4t/completions?q='"<>\` {}[]|^%zz é#frag`,
        headers: { 'x-note': '  spaced  out  ', 'x-empty': '' },
      }),
    ]
    for (const request of requests) {
      await fetch(request.url, { method: request.method, headers: request.headers, body: request.body })
    }
    const viaFetch = [...server.requests]
    server.clear()
    const cases = requests.map((request) => toShellCase(String(request.headers['x-case']), request))
    const exitCodes = await runInShell('bash', cases, { [KEY_ENV_VAR]: KEY })
    expect([...exitCodes.values()]).toEqual([0, 0])
    const viaCurl = [...server.requests]

    expect(viaCurl).toHaveLength(viaFetch.length)
    viaFetch.forEach((fromFetch, index) => {
      const fromCurl = viaCurl[index] as EchoedRequest
      expect(fromCurl.url).toBe(fromFetch.url)
      expect(fromCurl.body.equals(fromFetch.body)).toBe(true)
      for (const name of Object.keys(requests[index]?.headers ?? {})) {
        expect(fromCurl.headers[name], name).toBe(fromFetch.headers[name])
      }
    })
  }, 30_000)
})
