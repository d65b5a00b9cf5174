import { EvalInputError } from '../eval-input-error'

/** A promptfoo config the workbench cannot run as written: the message names the path in the config. */
export class PromptfooConfigError extends EvalInputError {
  constructor(path: string, detail: string) {
    super(`${path}: ${detail}`, { path })
    this.name = 'PromptfooConfigError'
  }
}

/** Assertions the workbench does not run (javascript, python, webhook…), named; `--skip-unsupported` skips them. */
export class UnsupportedAssertionsError extends EvalInputError {
  constructor(
    source: string,
    readonly assertions: readonly string[],
    readonly where: string,
  ) {
    super(
      `${source}: unsupported assertion${assertions.length === 1 ? '' : 's'} ${assertions.join(', ')} (first at ${where}); the workbench does not run code from a suite. Run with --skip-unsupported to report them as skipped.`,
      { path: where },
    )
    this.name = 'UnsupportedAssertionsError'
  }
}
