import type { Dialect } from '../dialect'
import { ANTHROPIC_PARAMETER_RANGES } from './anthropic-parameter-ranges'
import { checkAnthropicHeaders, readAnthropicApiKey } from './anthropic-headers'
import { ANTHROPIC_MESSAGES_PATH, buildAnthropicRequest } from './build-anthropic-request'
import { decodeAnthropicRequest } from './decode-anthropic-request'
import { encodeAnthropicError } from './encode-anthropic-error'
import { encodeAnthropicModel, encodeAnthropicModelList } from './encode-anthropic-model-list'
import { encodeAnthropicResponse } from './encode-anthropic-response'
import { anthropicKeepAlive, createAnthropicStreamEncoder } from './encode-anthropic-stream'
import { parseAnthropicError } from './parse-anthropic-error'
import { parseAnthropicResponse } from './parse-anthropic-response'
import { createAnthropicStreamParser } from './parse-anthropic-stream'

/** The Anthropic-compatible Messages dialect (dialects.md part B), both client and server halves. */
export const anthropicMessagesDialect: Dialect = {
  id: 'anthropic-messages',
  label: 'Anthropic (messages)',
  path: ANTHROPIC_MESSAGES_PATH,
  requestIdHeader: 'request-id',
  messageIdPrefix: 'msg_',
  parameterRanges: ANTHROPIC_PARAMETER_RANGES,

  buildRequest: buildAnthropicRequest,
  parseResponse: parseAnthropicResponse,
  parseStream: createAnthropicStreamParser,
  parseError: parseAnthropicError,

  readApiKey: readAnthropicApiKey,
  checkHeaders: checkAnthropicHeaders,
  decodeRequest: decodeAnthropicRequest,
  encodeResponse: encodeAnthropicResponse,
  encodeStream: createAnthropicStreamEncoder,
  encodeError: encodeAnthropicError,
  keepAlive: anthropicKeepAlive,
  encodeModelList: encodeAnthropicModelList,
  encodeModel: encodeAnthropicModel,
}
