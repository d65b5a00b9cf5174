import type { DialectId } from '@shared/chat/chat-request'
import { GatewayError } from '@shared/chat/errors'

/**
 * The most work the simulator does to make one example value from a JSON Schema (tool arguments, a
 * json_schema reply), counted over the WHOLE value, not along one path: a schema of a few bytes can
 * ask for 100,000 properties, 100,000,000 array items, a 50 MB string, `a{10000000}`, or a tree that
 * doubles at every level (`{"properties":{"l":{"$ref":"#"},"r":{"$ref":"#"}},"required":["l","r"]}`).
 * Limits that held per path let each of those block the gateway for minutes and grow it to GBs.
 *
 * - values: array items and object properties in the whole value (what a client would call its size);
 * - characters: every character generated, including candidates that were tried and dropped; about
 *   the simulator's own output cap (131,072 tokens), beyond which a reply is cut anyway;
 * - steps: every schema node visited (each value, each $ref/allOf/anyOf followed, each property looked
 *   at, each merged property, each regex repetition), so work the output does not show is bounded too.
 *
 * Counted, not timed: a wall-clock budget would make the same request give different replies on a
 * busy machine, and the simulator is deterministic. The hostile schemas of issue 10 are refused
 * promptly instead of blocking the gateway and growing it without bound.
 *
 * Over budget, the simulator refuses (ExampleTooLarge → a 400 naming the schema) rather than
 * truncating: a cut value would break the schema the client asked for, and the client's validator
 * would fail far from the cause. Real APIs refuse oversized schemas with a 400 too.
 */
export const EXAMPLE_LIMITS = { values: 10_000, characters: 500_000, steps: 100_000 } as const

/** The schema asks for more than one example may hold; `reason` names what, with its figure. */
export class ExampleTooLarge extends Error {
  constructor(readonly reason: string) {
    super(`The schema asks for more than the simulator generates: ${reason}.`)
    this.name = 'ExampleTooLarge'
  }
}

export class ExampleBudget {
  private valuesLeft: number = EXAMPLE_LIMITS.values
  private stepsLeft: number = EXAMPLE_LIMITS.steps
  private charactersLeft: number = EXAMPLE_LIMITS.characters

  value(): void {
    if (--this.valuesLeft < 0) {
      throw new ExampleTooLarge(
        `more than ${EXAMPLE_LIMITS.values.toLocaleString('en-US')} array items and object properties in all`,
      )
    }
  }

  step(count = 1): void {
    this.stepsLeft -= count
    if (this.stepsLeft < 0) {
      throw new ExampleTooLarge(
        `more than ${EXAMPLE_LIMITS.steps.toLocaleString('en-US')} generation steps (schemas visited, references followed, repetitions)`,
      )
    }
  }

  characters(count: number): void {
    this.charactersLeft -= count
    if (this.charactersLeft < 0) {
      throw new ExampleTooLarge(
        `more than ${EXAMPLE_LIMITS.characters.toLocaleString('en-US')} characters in all`,
      )
    }
  }

  /** Refuses up front a figure the schema states outright, naming the keyword (`minItems 100000000`). */
  static refuseOver(keyword: string, asked: number, limit: number): void {
    if (asked > limit) {
      throw new ExampleTooLarge(
        `${keyword} ${asked} is over the ${limit.toLocaleString('en-US')} the simulator generates in all`,
      )
    }
  }
}

/** Where a schema sits in the client's request, to name it in the 400. */
export type SchemaSource = { kind: 'tool'; index: number } | { kind: 'response-format' }

/** The wire path of that schema in each dialect, as the decoders name it. */
function schemaParam(dialect: DialectId, source: SchemaSource): string {
  switch (dialect) {
    case 'openai-chat':
      return source.kind === 'tool'
        ? `tools.${source.index}.function.parameters`
        : 'response_format.json_schema.schema'
    case 'anthropic-messages':
      return source.kind === 'tool' ? `tools.${source.index}.input_schema` : 'output_config.format.schema'
    default: {
      const unreachable: never = dialect
      throw new Error(`unknown dialect ${String(unreachable)}`)
    }
  }
}

/** `make()`, with an ExampleTooLarge turned into the client's 400 naming the schema and the limits. */
export function withinExampleLimits<T>(make: () => T, dialect: DialectId, source: SchemaSource): T {
  try {
    return make()
  } catch (error) {
    if (!(error instanceof ExampleTooLarge)) throw error
    const param = schemaParam(dialect, source)
    const figure = (n: number) => n.toLocaleString('en-US')
    const limits = `${figure(EXAMPLE_LIMITS.values)} items and properties, ${figure(EXAMPLE_LIMITS.characters)} characters and ${figure(EXAMPLE_LIMITS.steps)} generation steps`
    throw new GatewayError(
      'invalid_request',
      `${param}: the schema asks for more than the local simulator generates (${error.reason}); one simulated value is at most ${limits}. Ask for less, or send this schema to a real model.`,
      { param },
    )
  }
}
