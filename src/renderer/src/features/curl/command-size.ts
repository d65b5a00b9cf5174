/**
 * Linux caps a single argument of a program at MAX_ARG_STRLEN = 32 pages = 131,072 bytes, counting
 * its terminating NUL. The body travels as ONE argument (`--data-raw '…'`), so a longer body makes
 * curl fail to start with "Argument list too long", whatever the shell.
 */
export const MAX_SINGLE_ARGUMENT_BYTES = 128 * 1024 - 1

export function bodyTooLongForOneArgument(bodyBytes: number): boolean {
  return bodyBytes > MAX_SINGLE_ARGUMENT_BYTES
}

/** `812 B`, `3.4 KiB`, `1.25 MiB`: short, with the unit shells and kernels count in. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KiB`
  return `${trim(bytes / (1024 * 1024))} MiB`
}

function trim(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)
}
