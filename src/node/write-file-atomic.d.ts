// write-file-atomic ships no types (and @types/write-file-atomic is not a dependency): the part we use.
declare module 'write-file-atomic' {
  type WriteFileAtomicOptions = {
    encoding?: BufferEncoding
    /** fsync the temp file before the rename; on by default. */
    fsync?: boolean
    mode?: number
    chown?: { uid: number; gid: number }
    tmpfileCreated?: (tmpfile: string) => void | Promise<void>
  }
  function writeFileAtomic(
    filename: string,
    data: string | Uint8Array,
    options?: WriteFileAtomicOptions,
  ): Promise<void>
  export = writeFileAtomic
}
