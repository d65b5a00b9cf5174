import { useId } from 'react'

/** A titled group of the parameters panel (a region named by its heading). */
export function ParamsSection({
  title,
  children,
}: {
  title: string
  children: React.ReactNode
}): React.JSX.Element {
  const headingId = useId()
  return (
    <section className="params-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="params-heading">
        {title}
      </h3>
      {children}
    </section>
  )
}
