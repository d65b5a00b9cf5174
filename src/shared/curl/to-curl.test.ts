import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { HttpRequest } from '../http/http-request'
import { toAsciiJson } from '../http/json-ascii'
import { CurlUnsafeInputError, KEY_ENV_VAR, toCurl } from './index'

// Any code point, lone surrogates included (fast-check's 'binary' unit excludes them, and building it
// costs over a second per worker).
const anyCodePoint = fc
  .oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0, max: 0xffff }),
    fc.integer({ min: 0, max: 0x10ffff }),
  )
  .map((code) => String.fromCodePoint(code))

const KEY = 'sk-CANARY-5f0c7a2e-4b1d-4c1e-9d7a-2b3c4d5e6f70'

function chatRequest(overrides: Partial<HttpRequest> = {}): HttpRequest {
  return {
    method: 'POST',
    url: 'http://127.0.0.1:8787/v1/chat/completions',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: toAsciiJson({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: "It's $(date)" }] }),
    ...overrides,
  }
}

const expectUnsafe = (run: () => unknown, message?: RegExp): void => {
  expect(run).toThrow(CurlUnsafeInputError)
  if (message) expect(run).toThrow(message)
}

describe('toCurl: the command people copy', () => {
  it('writes the URL, one argument per line, the key as an env var and the body last', () => {
    expect(toCurl(chatRequest(), { secret: KEY })).toBe(
      [
        "curl 'http://127.0.0.1:8787/v1/chat/completions' \\",
        "  -H 'content-type: application/json' \\",
        '  -H "authorization: Bearer $MODEL_GATEWAY_API_KEY" \\',
        `  --data-raw '{"model":"gpt-4o-mini","messages":[{"role":"user","content":"It'\\''s $(date)"}]}'`,
      ].join('\n'),
    )
    expect(KEY_ENV_VAR).toBe('MODEL_GATEWAY_API_KEY')
  })

  it('writes the Messages key header the same way, and honours a custom variable name', () => {
    const request = chatRequest({
      url: 'https://gateway.example/v1/messages',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY, 'anthropic-version': '2023-06-01' },
    })
    const command = toCurl(request, { secret: KEY })
    expect(command).toContain('  -H "x-api-key: $MODEL_GATEWAY_API_KEY" \\\n')
    expect(command).toContain("  -H 'anthropic-version: 2023-06-01' \\\n")
    expect(toCurl(request, { secret: KEY, envVar: 'ACME_KEY' })).toContain('-H "x-api-key: $ACME_KEY"')
  })

  it('puts everything on one line when multiline is false', () => {
    const command = toCurl(chatRequest(), { secret: KEY, multiline: false })
    expect(command).not.toContain('\n')
    expect(command).toMatch(
      /^curl '[^']+' -H 'content-type: application\/json' -H "authorization: Bearer \$MODEL_GATEWAY_API_KEY" --data-raw '/,
    )
  })

  it('writes the key itself, single-quoted, only when asked to reveal it', () => {
    const revealed = toCurl(chatRequest(), { secret: KEY, revealSecret: true })
    expect(revealed).toContain(`-H 'authorization: Bearer ${KEY}'`)
    expect(revealed).not.toContain('$MODEL_GATEWAY_API_KEY')
  })

  it('hides the key wherever it occurs, not only in the auth header', () => {
    const request = chatRequest({
      url: `http://127.0.0.1:8787/v1/chat/completions?key=${KEY}`,
      body: toAsciiJson({ model: 'm', messages: [{ role: 'user', content: `my key is ${KEY}!` }] }),
    })
    const command = toCurl(request, { secret: KEY })
    expect(command).not.toContain(KEY)
    expect(command).toContain(
      `curl 'http://127.0.0.1:8787/v1/chat/completions?key='"$MODEL_GATEWAY_API_KEY" \\\n`,
    )
    expect(command).toContain(`"content":"my key is '"$MODEL_GATEWAY_API_KEY"'!"}]}'`)
  })

  it('never shows a secret that cannot be hidden: it refuses instead', () => {
    // A placeholder that also spells part of the command cannot be substituted away.
    expectUnsafe(() => toCurl(chatRequest({ headers: { authorization: 'Bearer curl' } }), { secret: 'curl' }))
  })

  it('treats an empty secret as nothing to hide', () => {
    expect(toCurl(chatRequest(), { secret: '' })).toContain(`-H 'authorization: Bearer ${KEY}'`)
  })

  it('never contains the key, for any request that carries it anywhere', () => {
    const prompt = fc.string({ unit: anyCodePoint, maxLength: 60 })
    fc.assert(
      fc.property(prompt, prompt, fc.boolean(), (before, after, multiline) => {
        const request = chatRequest({
          body: toAsciiJson({ model: 'm', messages: [{ role: 'user', content: before + KEY + after }] }),
        })
        expect(toCurl(request, { secret: KEY, multiline }).includes(KEY)).toBe(false)
        expect(toCurl(request, { secret: KEY, multiline, revealSecret: true }).includes(KEY)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})

describe('toCurl: methods and flags', () => {
  it('sends a GET without any data flag or method flag', () => {
    const command = toCurl({ method: 'GET', url: 'http://127.0.0.1:8787/v1/models', headers: {} })
    expect(command).toBe("curl 'http://127.0.0.1:8787/v1/models'")
  })

  it('lets --data-raw imply POST, and says -X POST only for a POST without a body', () => {
    expect(toCurl(chatRequest())).not.toContain('-X')
    const bodiless = toCurl({ method: 'POST', url: 'http://h/v1/x', headers: {} })
    expect(bodiless).toBe("curl 'http://h/v1/x' \\\n  -X POST")
  })

  it('refuses a GET with a body (fetch would too) and an unknown method', () => {
    expectUnsafe(() => toCurl({ method: 'GET', url: 'http://h/', headers: {}, body: '' }))
    const put = { method: 'PUT', url: 'http://h/', headers: {} } as unknown as HttpRequest
    expectUnsafe(() => toCurl(put), /method/)
  })

  it('adds --no-buffer when the JSON body asks for a stream, and only then', () => {
    const streaming = toCurl(chatRequest({ body: toAsciiJson({ model: 'm', stream: true }) }))
    expect(streaming.split('\n')[1]).toBe('  --no-buffer \\')
    expect(toCurl(chatRequest({ body: toAsciiJson({ model: 'm', stream: false }) }))).not.toContain(
      '--no-buffer',
    )
    expect(toCurl(chatRequest({ body: toAsciiJson({ model: 'm', stream: 'true' }) }))).not.toContain(
      '--no-buffer',
    )
    expect(toCurl(chatRequest({ body: toAsciiJson({ opts: { stream: true } }) }))).not.toContain(
      '--no-buffer',
    )
  })

  it('always sends the body with --data-raw, so a leading @ never reads a file', () => {
    const command = toCurl(chatRequest({ body: '@/etc/passwd' }))
    expect(command).toContain("--data-raw '@/etc/passwd'")
    expect(command).not.toMatch(/ (-d|--data|--data-binary|--data-urlencode) /)
  })

  it('turns off curl URL globbing when the URL has brackets or braces', () => {
    expect(toCurl(chatRequest({ url: 'http://[::1]:8787/v1/chat/completions' }))).toContain(
      '\n  --globoff \\\n',
    )
    expect(toCurl(chatRequest({ url: 'http://h/v1/x?q={a,b}' }))).toContain('--globoff')
    expect(toCurl(chatRequest())).not.toContain('--globoff')
  })
})

describe('toCurl: bodies', () => {
  it('with bodyFrom stdin, ends in a here-document read by --data @- and holds no --data-raw', () => {
    const request = chatRequest()
    const command = toCurl(request, { secret: KEY, bodyFrom: 'stdin' })
    const lines = command.split('\n')
    expect(lines.at(-3)).toMatch(/ --data @- <<'MODEL_GATEWAY_BODY'$/)
    expect(lines.at(-2)).toBe(request.body)
    expect(lines.at(-1)).toBe('MODEL_GATEWAY_BODY')
    expect(command).not.toContain('--data-raw')
    expect(command).not.toContain(KEY)
  })

  it('never ends a here-document early, whatever the body', () => {
    const body = 'MODEL_GATEWAY_BODY'
    const command = toCurl(chatRequest({ body, headers: {} }), { bodyFrom: 'stdin' })
    expect(command.split('\n').slice(-2)).toEqual([body, 'MODEL_GATEWAY_BODY_'])
  })

  it('escapes non-ASCII of a JSON body, so the command is printable ASCII and means the same JSON', () => {
    const value = { model: 'm', messages: [{ role: 'user', content: 'héllo 👋 \u2028 \u202e \u0085' }] }
    const body = JSON.stringify(value)
    const command = toCurl(chatRequest({ body }))
    const dataRaw = /--data-raw '(.*)'$/.exec(command)?.[1]
    expect(dataRaw).toBeDefined()
    expect(dataRaw).toMatch(/^[\x20-\x7e]+$/)
    expect(JSON.parse(dataRaw ?? '')).toEqual(value)
  })

  it('leaves bodies built with toAsciiJson byte for byte as they are', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const body = toAsciiJson(value)
        const command = toCurl(chatRequest({ body }), { multiline: false })
        expect(command.endsWith(` --data-raw '${body.replaceAll("'", "'\\''")}'`)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('accepts a printable-ASCII body that is not JSON, and refuses any other', () => {
    expect(toCurl(chatRequest({ body: 'a=1&b=two' }))).toContain("--data-raw 'a=1&b=two'")
    expectUnsafe(() => toCurl(chatRequest({ body: 'héllo' })), /ASCII/)
    expectUnsafe(() => toCurl(chatRequest({ body: 'line\nbreak' })), /ASCII/)
  })

  it('refuses pretty-printed JSON (its line breaks cannot be made printable)', () => {
    expectUnsafe(() => toCurl(chatRequest({ body: JSON.stringify({ model: 'm' }, null, 2) })), /compact/)
  })

  it('refuses a model name with CR, LF, NUL or another control character', () => {
    for (const model of ['gpt\r\nx-injected: 1', 'gpt\n', 'gpt\u0000', 'gpt\u001b[2J', 'gpt\u0085']) {
      expectUnsafe(() => toCurl(chatRequest({ body: toAsciiJson({ model }) })), /model/)
    }
    expect(toCurl(chatRequest({ body: toAsciiJson({ model: "o'brien $(x) \u00e9" }) }))).toContain('o')
  })
})

describe('toCurl: rejects what could inject instead of quoting it', () => {
  const controls = ['\r', '\n', '\r\n', '\u0000', '\t', '\u001b', '\u007f', '\u0085']

  it('refuses a URL with any control character', () => {
    for (const control of controls) {
      expectUnsafe(() => toCurl(chatRequest({ url: `http://h/v1/x${control}y` })), /control character/)
    }
  })

  it('refuses a URL that is not absolute http(s)', () => {
    for (const url of ['file:///etc/passwd', 'ftp://h/x', 'javascript:alert(1)', '/v1/x', 'not a url', '']) {
      expectUnsafe(() => toCurl(chatRequest({ url })))
    }
    expect(toCurl(chatRequest({ url: 'HTTPS://Example.COM/v1' }))).toMatch(
      /^curl 'https:\/\/example\.com\/v1'/,
    )
  })

  it('writes a non-ASCII URL the way fetch sends it: percent-encoded, punycode host', () => {
    const command = toCurl(chatRequest({ url: 'http://bücher.example/v1/ch\u202eat?q=é "x"' }))
    expect(command.split('\n')[0]).toBe(
      "curl 'http://xn--bcher-kva.example/v1/ch%E2%80%AEat?q=%C3%A9%20%22x%22' \\",
    )
  })

  it('refuses a header value with any control character', () => {
    for (const control of controls) {
      const headers = { 'content-type': 'application/json', 'x-note': `a${control}b` }
      expectUnsafe(() => toCurl(chatRequest({ headers })), /control character/)
    }
    const injected = { authorization: `Bearer ${KEY}\r\nx-evil: 1` }
    expectUnsafe(() => toCurl(chatRequest({ headers: injected }), { secret: KEY }))
  })

  it('refuses a header value that is not ASCII (bidi controls, accents)', () => {
    for (const value of ['\u202eevil', 'caf\u00e9', '\u2028', '👋']) {
      expectUnsafe(() => toCurl(chatRequest({ headers: { 'x-note': value } })), /ASCII/)
    }
  })

  it('refuses a header name that is not an HTTP token', () => {
    for (const name of ['', 'x note', 'x:note', '@/etc/passwd', 'x\r\ny', 'x\u0000', 'é', '(x)', 'x"']) {
      expectUnsafe(() => toCurl(chatRequest({ headers: { [name]: 'v' } })), /token/)
    }
    expect(toCurl(chatRequest({ headers: { "x-it's": 'v' } }))).toContain("-H 'x-it'\\''s: v'")
  })

  it('never repeats the key in an error message', () => {
    const run = (): string =>
      toCurl(chatRequest({ headers: { authorization: `Bearer ${KEY}\n` } }), { secret: KEY })
    expect(run).toThrow(CurlUnsafeInputError)
    try {
      run()
    } catch (error) {
      expect(String((error as Error).message)).not.toContain(KEY)
      expect((error as Error).name).toBe('CurlUnsafeInputError')
    }
  })

  it('refuses an environment variable name a shell would not read as one', () => {
    for (const envVar of ['', '1KEY', 'MY-KEY', 'MY KEY', '$(touch pwned)', 'KEY}', 'K\u00e9Y']) {
      expectUnsafe(() => toCurl(chatRequest(), { secret: KEY, envVar }), /variable name/)
    }
  })
})

describe('toCurl: headers', () => {
  it('keeps insertion order and quotes every value', () => {
    const command = toCurl(chatRequest({ headers: { 'x-b': "it's", 'x-a': '$(touch pwned) `id`' } }))
    expect(command).toContain("  -H 'x-b: it'\\''s' \\\n  -H 'x-a: $(touch pwned) `id`' \\\n")
  })

  it("writes an empty value as curl's `name;`, since `name:` would delete the header", () => {
    const command = toCurl(chatRequest({ headers: { 'x-empty': '', 'x-blank': '   ' } }))
    expect(command).toContain("-H 'x-empty;'")
    expect(command).toContain("-H 'x-blank;'")
  })

  it('trims spaces around a value, as fetch does', () => {
    expect(toCurl(chatRequest({ headers: { 'x-note': '  a b  ' } }))).toContain("-H 'x-note: a b'")
  })
})

describe('toCurl: output', () => {
  it('is printable ASCII lines with the key hidden, for any acceptable request', () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    })
    fc.assert(
      fc.property(fc.string({ unit: anyCodePoint }), printable, fc.boolean(), (prompt, note, stream) => {
        const request = chatRequest({
          headers: { authorization: `Bearer ${KEY}`, 'x-note': note },
          body: JSON.stringify({ model: 'm', stream, messages: [{ role: 'user', content: prompt }] }),
        })
        const command = toCurl(request, { secret: KEY })
        expect(command).toMatch(/^[\x20-\x7e\n]+$/)
        expect(command).not.toContain(KEY)
        expect(
          command
            .split('\n')
            .slice(0, -1)
            .every((line) => line.endsWith(' \\')),
        ).toBe(true)
        expect(command.split('\n').at(-1)).toMatch(/^ {2}--data-raw '/)
      }),
      { numRuns: 500 },
    )
  })
})
