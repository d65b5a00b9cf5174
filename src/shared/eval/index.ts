/**
 * The workbench core: prompt templates, test sets, graders and evaluation runs. Pure (no I/O): the
 * transport is an injected ExecuteCell (main and the CLI build it on the run registry).
 */
export * from './eval-input-error'
export * from './eval-limits'
export * from './expect-columns'
export * from './grader-spec'
export * from './graders'
export * from './import-cases'
export * from './run'
export * from '../templates/template'
export * from './test-set-file'
export * from './test-set-schema'
