import type { RunShard } from './eval-run-types'

/**
 * The cases of one shard: case k (counting from 0, in the set's order) belongs to shard k mod n + 1,
 * so every case is in exactly one of the n shards, the shards differ in size by one case at most, and
 * the share depends only on the set file (each CI runner computes its own without talking to the
 * others). All targets of a case stay in its shard.
 */
export function shardCases<T>(cases: readonly T[], shard: RunShard | undefined): T[] {
  if (shard === undefined) return [...cases]
  if (shard.index < 1 || shard.index > shard.count)
    throw new RangeError(`shard ${shard.index}/${shard.count}: the index must be from 1 to ${shard.count}`)
  return cases.filter((_, k) => k % shard.count === shard.index - 1)
}
