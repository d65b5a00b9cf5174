import type { Dialect } from '../dialect'
import { OPENAI_PARAMETER_RANGES } from './openai-parameter-ranges'
import { buildOpenaiRequest, OPENAI_CHAT_PATH } from './build-openai-request'
import { decodeOpenaiRequest } from './decode-openai-request'
import { encodeOpenaiError } from './encode-openai-error'
import { encodeOpenaiModel, encodeOpenaiModelList } from './encode-openai-model-list'
import { encodeOpenaiResponse } from './encode-openai-response'
import { createOpenaiStreamEncoder, openaiKeepAlive } from './encode-openai-stream'
import { checkOpenaiHeaders, readOpenaiApiKey } from './openai-headers'
import { parseOpenaiError } from './parse-openai-error'
import { parseOpenaiResponse } from './parse-openai-response'
import { createOpenaiStreamParser } from './parse-openai-stream'

/** OpenAI-compatible Chat Completions (dialects.md part A), both the client and the server half. */
export const openaiChatDialect: Dialect = {
  id: 'openai-chat',
  label: 'OpenAI (chat completions)',
  path: OPENAI_CHAT_PATH,
  requestIdHeader: 'x-request-id',
  messageIdPrefix: 'chatcmpl-',
  parameterRanges: OPENAI_PARAMETER_RANGES,

  buildRequest: buildOpenaiRequest,
  parseResponse: parseOpenaiResponse,
  parseStream: createOpenaiStreamParser,
  parseError: parseOpenaiError,

  readApiKey: readOpenaiApiKey,
  checkHeaders: checkOpenaiHeaders,
  decodeRequest: decodeOpenaiRequest,
  encodeResponse: encodeOpenaiResponse,
  encodeStream: createOpenaiStreamEncoder,
  encodeError: encodeOpenaiError,
  keepAlive: openaiKeepAlive,
  encodeModelList: encodeOpenaiModelList,
  encodeModel: encodeOpenaiModel,
}
