import { useEffect } from 'react'
import { useAppStore } from '@renderer/store'
import { dialectList } from '@shared/dialects'
import type { EvalTarget } from '@shared/eval'
import { targetId } from './target-id'

/**
 * Until the user chooses targets: both dialects × the first two models of the active profile, once
 * its catalog is there.
 */
export function useDefaultTargets(): void {
  const chosen = useAppStore((state) => state.wbTargetsChosen)
  const setTargets = useAppStore((state) => state.setTargets)
  const activeProfileId = useAppStore((state) => state.activeProfileId)
  const catalogs = useAppStore((state) => state.catalogs)
  useEffect(() => {
    const first = catalogs[activeProfileId]?.models.slice(0, 2) ?? []
    if (chosen || first.length === 0) return
    setTargets(
      first.flatMap((m) =>
        dialectList.map((d): EvalTarget => ({
          id: targetId(activeProfileId, d.id, m.model),
          connection: activeProfileId,
          model: m.model,
          dialect: d.id,
        })),
      ),
    )
  }, [catalogs, activeProfileId, chosen, setTargets])
}
