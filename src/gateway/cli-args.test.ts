import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { SIMULATE_HEADER_HELP } from './engines/simulator'
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  GATEWAY_CLI_OPTIONS,
  GATEWAY_USAGE,
  hostWarning,
  parseGatewayArgs,
} from './cli-args'
import { isLoopbackHost } from '@shared/http/loopback-host'

describe('parseGatewayArgs', () => {
  it('defaults to loopback on 8787 with fault injection on', () => {
    expect(parseGatewayArgs([])).toEqual({
      help: false,
      port: DEFAULT_PORT,
      host: DEFAULT_HOST,
      hostExplicit: false,
      key: undefined,
      config: undefined,
      faultInjection: true,
      ttftMs: undefined,
      tokensPerSecond: undefined,
    })
    expect(DEFAULT_HOST).toBe('127.0.0.1')
  })

  it('reads every flag', () => {
    const args = parseGatewayArgs([
      '--port=0',
      '--host',
      '127.0.0.2',
      '--key',
      'sk-x',
      '--config',
      'gw.json',
      '--no-fault-injection',
      '--ttft-ms',
      '0',
      '--tokens-per-second',
      '3000',
    ])
    expect(args).toEqual({
      help: false,
      port: 0,
      host: '127.0.0.2',
      hostExplicit: true,
      key: 'sk-x',
      config: 'gw.json',
      faultInjection: false,
      ttftMs: 0,
      tokensPerSecond: 3000,
    })
    expect(parseGatewayArgs(['-h']).help).toBe(true)
  })

  it.each([
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--port', '80a'], /--port/],
    [['--ttft-ms', '-1'], /--ttft-ms/],
    [['--tokens-per-second', '0'], /--tokens-per-second/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['positional'], /positional/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseGatewayArgs(argv)).toThrow(message)
  })
})

describe('GATEWAY_USAGE', () => {
  it('lists every flag the parser accepts', () => {
    for (const [name, option] of Object.entries(GATEWAY_CLI_OPTIONS)) {
      expect(GATEWAY_USAGE).toContain(`--${name}`)
      if ('short' in option) expect(GATEWAY_USAGE).toContain(`-${option.short},`)
    }
  })

  it('documents every x-simulate directive in the help printed alongside it', () => {
    for (const directive of [
      'status=',
      'retry-after=',
      'midstream-error',
      'drop-after=',
      'ttft-ms=',
      'tokens-per-second=',
    ]) {
      expect(SIMULATE_HEADER_HELP).toContain(directive)
    }
  })
})

describe('docs/gateway.md', () => {
  it('documents every flag and quotes the x-simulate help verbatim (its source of truth)', async () => {
    const docs = await readFile(new URL('../../docs/gateway.md', import.meta.url), 'utf8')
    for (const name of Object.keys(GATEWAY_CLI_OPTIONS)) expect(docs).toContain(`\`--${name}`)
    expect(docs).toContain(SIMULATE_HEADER_HELP)
  })
})

describe('isLoopbackHost / hostWarning', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '127.255.0.9',
    'localhost',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    'LOCALHOST',
    'app.localhost',
  ])('%s is loopback: no warning', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
    expect(hostWarning(host)).toBeUndefined()
  })

  it.each(['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.com', '128.0.0.1', '127.0.0.1.example.com'])(
    '%s is not loopback: a warning',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false)
      expect(hostWarning(host)).toMatch(new RegExp(`^WARNING: binding ${host.replace(/\./g, '\\.')}`))
    },
  )

  it('says when the address means every interface', () => {
    expect(hostWarning('0.0.0.0')).toContain('every network interface')
    expect(hostWarning('192.168.1.20')).not.toContain('every network interface')
  })
})
