import type { ResponseFormat } from '@shared/chat/chat-request'
import { imageMediaType, type ConversationFacts } from './conversation-facts'
import { withinExampleLimits } from './schema-example/example-budget'
import { exampleFromSchema } from './schema-example/json-schema-example'
import { briefText } from './prose-reply'
import type { Sampler } from './sampler'
import type { SimulationContext } from './simulation-types'
import type { ValueHints } from './schema-example/value-hints'

/**
 * The reply text for the JSON response formats, pretty-printed as models usually do:
 * - json_object: an object that still says it is simulated and quotes the user;
 * - json_schema: a value valid against the schema, from the same generator as tool arguments.
 * Returns undefined for plain text.
 */
export function composeJsonReply(
  format: ResponseFormat | undefined,
  context: SimulationContext,
  facts: ConversationFacts,
  sampler: Sampler,
  hints: ValueHints,
): string | undefined {
  if (format === undefined) return undefined
  switch (format.type) {
    case 'text':
      return undefined
    case 'json_object': {
      const reply: Record<string, unknown> = {
        simulated: true,
        model: context.model.name,
        dialect: context.dialect,
        you_said: briefText(facts.lastUserText),
        reply: hints.sentence,
      }
      if (facts.lastUserImages.length > 0) reply['images'] = facts.lastUserImages.map(imageMediaType)
      if (facts.toolResults.length > 0) reply['tool_results_received'] = facts.toolResults.length
      return JSON.stringify(reply, null, 2)
    }
    case 'json_schema':
      return withinExampleLimits(
        () => JSON.stringify(exampleFromSchema(format.schema, sampler, hints) ?? null, null, 2),
        context.dialect,
        { kind: 'response-format' },
      )
    default: {
      const unreachable: never = format
      throw new Error(`unknown response format ${JSON.stringify(unreachable)}`)
    }
  }
}
