import { TEMPLATE_LIMITS } from '../templates/template'

/**
 * Size caps of everything the workbench reads from a file or a paste. No input may freeze the app or
 * the CLI: each parser checks the bytes first, then counts rows as it goes, and refuses with a
 * message that names the cap instead of working through megabytes.
 */
export const EVAL_LIMITS = {
  /** A test-set file, CSV or JSONL import (UTF-16 code units as read; about as many bytes for ASCII). */
  fileChars: 16 * 1024 * 1024,
  cases: 10_000,
  /** Variables (CSV columns) per case. */
  variables: TEMPLATE_LIMITS.variables,
  /** One variable value or expectation. */
  valueChars: TEMPLATE_LIMITS.valueChars,
  gradersPerCase: 50,
  /** Targets of one run (the matrix has cases × targets cells). */
  targets: 32,
  /** A regex grader's pattern, and the part of an output it is run on (see regex-guard.ts). */
  regexPatternChars: 1_000,
  regexInputChars: 100_000,
  /** Output text kept per cell in a saved run (the preview; the grade used the whole output). */
  outputChars: 200_000,
  /** A reviewer's comment on a cell. */
  reviewCommentChars: 10_000,
  /** Shards a run may be split into (`--shard i/n`). */
  shards: 1_000,
} as const
