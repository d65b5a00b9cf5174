import { z } from 'zod'
import { chatRequestSchema, dialectIdSchema } from '../chat/chat-schemas'
import { evalRunSchema, evalTargetSchema } from '../eval/run/eval-run-types'
import { cellReviewSchema } from '../eval/run/cell-review'
import { evalProgressEventSchema, evalRunSummarySchema, testSetSummarySchema } from './eval-schemas'
import { EVAL_LIMITS } from '../eval/eval-limits'
import { testSetSchema } from '../eval/test-set-schema'
import { conversationSchema, conversationSummarySchema } from '../history/conversation'
import { conversationAppendSchema } from '../history/conversation-append'
import { conversationRunStartSchema, runStartInputSchema, runUpdateSchema } from '../runs/run-types'
import { apiKeySchema } from '../settings/api-key'
import { profileInputSchema, profileSchema, themeSchema } from '../settings/settings-schema'

/**
 * THE contract between renderer and main: every invoke channel (renderer → main; the input is
 * untrusted and parsed with its schema in main) and every event (main → renderer). The preload, the
 * Electron adapter, the browser-mode host and the renderer's api module are all derived from this
 * object, so adding a channel here is the whole change to the plumbing.
 */

const keyStatusSchema = z.strictObject({
  hasKey: z.boolean(),
  storage: z.enum(['keychain', 'session']),
  last4: z.string().nullable(),
  /** Why the key is kept for this session only (no keychain reachable), in plain language. */
  reason: z.string().optional(),
})
export type KeyStatusView = z.infer<typeof keyStatusSchema>

/**
 * The saved profile, plus what the user must hear about the save: the key removed because the base
 * URL now points at another origin, and warnings (plain http to another machine). Saved either way.
 */
const profileSaveResultSchema = profileSchema.extend({
  keyRemovedNotice: z.string().optional(),
  warnings: z.array(z.string()).optional(),
})

export type ProfileSaveResult = z.infer<typeof profileSaveResultSchema>

const profileIdInput = z.strictObject({ profileId: z.string().min(1).max(64) })

/** The catalog as the renderer sees it; records are validated by the catalog schema in main. */
const catalogViewSchema = z.strictObject({
  profileId: z.string(),
  models: z.array(z.unknown()),
  source: z.enum(['bundled', 'gateway']),
  fetchedAt: z.number().optional(),
  /** Why the bundled catalog is shown although the profile asked for the gateway's. */
  warning: z.string().optional(),
})

const appInfoSchema = z.strictObject({
  version: z.string(),
  shell: z.enum(['electron', 'browser']),
  platform: z.string(),
  /**
   * Files found corrupt, too large or unreadable at startup and set aside (renamed to
   * `<name>.<reason>-<timestamp>`, never deleted). Told to the user once.
   */
  quarantinedFiles: z.array(z.string()),
  /** Abilities that differ between shells, so the UI can explain instead of failing. */
  canCopyWithKey: z.boolean(),
})

export const invokeChannels = {
  'app:info': { input: z.undefined(), output: appInfoSchema },

  'settings:get': { input: z.undefined(), output: z.strictObject({ theme: themeSchema }) },
  'settings:set-theme': { input: z.strictObject({ theme: themeSchema }), output: z.undefined() },

  'profiles:list': {
    input: z.undefined(),
    output: z.strictObject({ profiles: z.array(profileSchema), activeProfileId: z.string() }),
  },
  'profiles:save': { input: profileInputSchema, output: profileSaveResultSchema },
  'profiles:remove': { input: profileIdInput, output: z.undefined() },
  'profiles:activate': { input: profileIdInput, output: z.undefined() },

  'secrets:status': { input: profileIdInput, output: keyStatusSchema },
  'secrets:set': {
    input: z.strictObject({ profileId: z.string().min(1).max(64), key: apiKeySchema }),
    output: keyStatusSchema,
  },
  'secrets:delete': { input: profileIdInput, output: keyStatusSchema },
  /**
   * The local gateway's own key, so its quickstarts run from a shell in either shell. Takes no profile
   * id on purpose: no input can make it return a hosted profile's key (see the handler for why this
   * one key may be shown).
   */
  'secrets:local-key': { input: z.undefined(), output: z.strictObject({ key: z.string() }) },

  'catalog:get': {
    input: z.strictObject({ profileId: z.string().min(1).max(64), refresh: z.boolean().optional() }),
    output: catalogViewSchema,
  },

  /** A run of a request given whole, or of a pane of a conversation main holds (built there). */
  'chat:start': {
    input: z.union([runStartInputSchema, conversationRunStartSchema]),
    output: z.strictObject({ runId: z.string() }),
  },
  'chat:cancel': { input: z.strictObject({ runId: z.string() }), output: z.undefined() },
  /**
   * The prompt's tokens as the service counts them (Messages `count_tokens` of a remote profile),
   * or why there is no such count (the local tokenizer then counts, as the local gateway does).
   */
  'chat:count-tokens': {
    input: z.strictObject({
      profileId: z.string().min(1).max(64),
      dialect: dialectIdSchema,
      request: chatRequestSchema,
    }),
    output: z.discriminatedUnion('source', [
      z.strictObject({ source: z.literal('service'), inputTokens: z.number().int().nonnegative() }),
      z.strictObject({ source: z.literal('none'), reason: z.string() }),
    ]),
  },

  /** The exact command for this request with the real key, written to the clipboard by main. */
  'curl:copy-with-key': {
    input: z.strictObject({
      /** The local gateway's fault injection, so the copy matches the command the panel shows. */
      simulate: runStartInputSchema.shape.simulate,
      profileId: z.string().min(1).max(64),
      dialect: dialectIdSchema,
      request: chatRequestSchema,
    }),
    output: z.strictObject({ copied: z.boolean(), message: z.string() }),
  },

  /** Opens an http(s) link in the system browser (Electron); the browser shell opens it itself. */
  'shell:open-external': { input: z.strictObject({ url: z.string().max(4096) }), output: z.undefined() },

  'history:list': { input: z.undefined(), output: z.array(conversationSummarySchema) },
  'history:get': { input: z.strictObject({ id: z.string() }), output: conversationSchema },
  'history:save': { input: conversationSchema, output: z.strictObject({ savedAt: z.number() }) },
  /** An incremental save (new turns at the panes' ends, changed settings); `stale_append` when it does not apply. */
  'history:append': { input: conversationAppendSchema, output: z.strictObject({ savedAt: z.number() }) },
  'history:rename': {
    input: z.strictObject({ id: z.string(), title: z.string().trim().min(1).max(200) }),
    output: z.undefined(),
  },
  'history:delete': { input: z.strictObject({ id: z.string() }), output: z.undefined() },
  /** The conversation as a JSON file's contents (no key is ever part of it); the renderer saves it. */
  'history:export': {
    input: z.strictObject({ id: z.string() }),
    output: z.strictObject({ fileName: z.string(), json: z.string() }),
  },
  'history:import': {
    input: z.strictObject({ json: z.string().max(64 * 1024 * 1024) }),
    output: conversationSchema,
  },

  /**
   * The workbench: one evaluation run at a time, executed in main on the run registry. Progress comes
   * back as `eval:progress` events (batched, at most one per frame); runs and sets are saved as files.
   */
  'eval:start': {
    input: z.strictObject({
      set: testSetSchema,
      targets: z.array(evalTargetSchema).min(1).max(EVAL_LIMITS.targets),
      concurrency: z.number().int().min(1).max(16).optional(),
      /** A stopped run to finish: its cells are kept, only the missing ones are sent. */
      resumeRunId: z.string().max(128).optional(),
      /** Where rubric graders send their request; the first target when left out. */
      graderTarget: evalTargetSchema.optional(),
    }),
    output: z.strictObject({ runId: z.string() }),
  },
  'eval:stop': { input: z.strictObject({ runId: z.string().max(128) }), output: z.undefined() },
  /** The run still going in main with its cells so far (a reloaded renderer re-attaches), or null. */
  'eval:active': { input: z.undefined(), output: evalRunSchema.nullable() },
  /** A person's pass/fail with a comment on one cell (null takes it back); kept with the run. */
  'eval:review': {
    input: z.strictObject({
      runId: z.string().max(128),
      caseId: z.string(),
      targetId: z.string(),
      review: cellReviewSchema.nullable(),
    }),
    output: z.undefined(),
  },
  'eval:list-runs': { input: z.undefined(), output: z.array(evalRunSummarySchema) },
  'eval:get-run': { input: z.strictObject({ id: z.string().max(128) }), output: evalRunSchema },
  'eval:list-sets': { input: z.undefined(), output: z.array(testSetSummarySchema) },
  'eval:get-set': { input: z.strictObject({ id: z.string().max(128) }), output: testSetSchema },
  'eval:save-set': {
    input: z.strictObject({ id: z.string().max(128).optional(), set: testSetSchema }),
    output: z.strictObject({ id: z.string() }),
  },
  /** A saved run as a file's contents; the renderer saves it (download / save dialog). */
  'eval:export': {
    input: z.strictObject({
      runId: z.string().max(128),
      format: z.enum(['json', 'junit', 'html']),
      /** JSON and HTML: a previous run to include the comparison with. */
      previousRunId: z.string().max(128).optional(),
    }),
    output: z.strictObject({ fileName: z.string(), text: z.string() }),
  },
} as const

const eventChannels = {
  /** Something main wants the user to know, e.g. the local gateway stopped and was restarted. */
  'app:notice': z.strictObject({ tone: z.enum(['info', 'warning', 'error']), message: z.string() }),
  'chat:update': runUpdateSchema,
  'history:changed': z.undefined(),
  'eval:progress': evalProgressEventSchema,
  'profiles:changed': z.undefined(),
} as const

export type InvokeChannel = keyof typeof invokeChannels
export type EventChannel = keyof typeof eventChannels
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['input']>
export type InvokeOutput<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['output']>
export type EventPayload<C extends EventChannel> = z.output<(typeof eventChannels)[C]>

export const INVOKE_CHANNELS = Object.keys(invokeChannels) as InvokeChannel[]
export const EVENT_CHANNELS = Object.keys(eventChannels) as EventChannel[]

/**
 * Every invoke answers with an envelope, so expected failures (a bad profile URL, a missing
 * conversation) arrive as data with a message, the same way in Electron and in browser mode.
 */
export type InvokeResult<T> = { ok: true; value: T } | { ok: false; error: { message: string; code: string } }

/** The API the renderer uses, derived from the contract (window.api in Electron). */
export type PlaygroundApi = {
  invoke<C extends InvokeChannel>(channel: C, input: InvokeInput<C>): Promise<InvokeResult<InvokeOutput<C>>>
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void
}
