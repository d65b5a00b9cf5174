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
      record: undefined,
      replay: undefined,
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
      record: undefined,
      replay: undefined,
    })
    expect(parseGatewayArgs(['-h']).help).toBe(true)
  })

  it('reads the cassette flags: --record, --replay with its speed (1 by default) and on-miss (error by default)', () => {
    expect(parseGatewayArgs(['--record', 'tapes'])).toMatchObject({ record: 'tapes', replay: undefined })
    expect(parseGatewayArgs(['--replay', 'tapes']).replay).toEqual({
      dir: 'tapes',
      speed: 1,
      onMiss: 'error',
    })
    expect(
      parseGatewayArgs(['--replay', 'tapes', '--replay-speed', 'instant', '--on-miss', 'proxy']).replay,
    ).toEqual({ dir: 'tapes', speed: 'instant', onMiss: 'proxy' })
    expect(parseGatewayArgs(['--replay', 't', '--replay-speed', '2.5']).replay?.speed).toBe(2.5)
    expect(parseGatewayArgs(['--replay', 't', '--replay-speed', '0.5']).replay?.speed).toBe(0.5)
  })

  it.each([
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--port', '80a'], /--port/],
    [['--ttft-ms', '-1'], /--ttft-ms/],
    [['--tokens-per-second', '0'], /--tokens-per-second/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['positional'], /positional/],
    [['--replay', 't', '--replay-speed', '0'], /--replay-speed must be instant or a number above 0/],
    [['--replay', 't', '--replay-speed', 'fast'], /--replay-speed/],
    [['--replay', 't', '--on-miss', 'ignore'], /--on-miss must be one of error, simulate, proxy/],
    [['--replay-speed', '2'], /go with --replay <dir>/],
    [['--on-miss', 'simulate'], /go with --replay <dir>/],
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
