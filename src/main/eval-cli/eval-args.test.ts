import { describe, expect, it } from 'vitest'
import { EVAL_CLI_OPTIONS, EVAL_USAGE, EvalUsageError, parseEvalArgs, parseTargetSpec } from './eval-args'

describe('eval CLI arguments', () => {
  it('defaults to both dialects × both catalog models on the local gateway', () => {
    const args = parseEvalArgs(['set.yaml'])
    expect(args.targets.map((t) => `${t.dialect}/${t.model}/${t.connection}`).sort()).toEqual([
      'anthropic-messages/vendora-V4-Flash-Vision-Exp/local',
      'anthropic-messages/vendorb3.8-Flash-Next/local',
      'openai-chat/vendora-V4-Flash-Vision-Exp/local',
      'openai-chat/vendorb3.8-Flash-Next/local',
    ])
    expect(args.concurrency).toBe(4)
  })

  it('reads targets with dialect aliases and an optional base URL', () => {
    expect(parseTargetSpec('anthropic:m1')).toMatchObject({
      dialect: 'anthropic-messages',
      model: 'm1',
      connection: 'local',
    })
    expect(parseTargetSpec('openai:m2@https://gw.example/v1')).toMatchObject({
      id: 'openai-chat:m2@https://gw.example/v1',
      connection: 'https://gw.example/v1',
    })
    expect(() => parseTargetSpec('gemini:m')).toThrow(EvalUsageError)
    expect(() => parseTargetSpec('openai:m@ftp://x')).toThrow('must start with http:// or https://')
  })

  it('refuses bad numbers and unknown flags as usage errors', () => {
    expect(() => parseEvalArgs(['s', '--concurrency', '0'])).toThrow(
      '--concurrency must be a whole number from 1 to 64',
    )
    expect(() => parseEvalArgs(['s', '--bogus'])).toThrow(EvalUsageError)
  })

  it('reads --record or --replay with a folder, never both', () => {
    expect(parseEvalArgs(['s']).cassettes).toBeUndefined()
    expect(parseEvalArgs(['s', '--record', 'tapes']).cassettes).toEqual({ mode: 'record', dir: 'tapes' })
    expect(parseEvalArgs(['s', '--replay', 'tapes']).cassettes).toEqual({ mode: 'replay', dir: 'tapes' })
    expect(() => parseEvalArgs(['s', '--record', 'a', '--replay', 'b'])).toThrow('one or the other')
  })

  it('the usage text mentions every flag', () => {
    for (const flag of Object.keys(EVAL_CLI_OPTIONS)) expect(EVAL_USAGE).toContain(`--${flag}`)
  })

  it('reads --shard i/n and refuses shards outside 1…n', () => {
    expect(parseEvalArgs(['s', '--shard', '2/3']).scale.shard).toEqual({ index: 2, count: 3 })
    expect(parseEvalArgs(['s']).scale.shard).toBeUndefined()
    for (const bad of ['0/3', '4/3', '1/0', '2', 'a/b', '1/1001', '-1/2'])
      expect(() => parseEvalArgs(['s', '--shard', bad]), bad).toThrow(EvalUsageError)
  })

  it('--resume names the journal it goes on writing: --journal beside it is refused', () => {
    expect(parseEvalArgs(['--resume', 'run.jsonl']).scale.resume).toBe('run.jsonl')
    expect(() => parseEvalArgs(['--resume', 'a.jsonl', '--journal', 'b.jsonl'])).toThrow(EvalUsageError)
  })
})
