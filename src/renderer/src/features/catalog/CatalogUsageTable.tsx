import type { CatalogUsageReference } from '@shared/catalog'
import { Points } from '@renderer/components/Points'

/**
 * The usage reference in points per 1M tokens. The record keeps the published figures exactly
 * (`0.46999999999999995`); the card reads them as every points figure in the app reads
 * (`0.470`, formatPoints), the exact string one hover or click away. The unit they all share is
 * shown once, next to the title (visually hidden in each cell, for screen readers and copying).
 */
export function CatalogUsageTable({ pricing }: { pricing: CatalogUsageReference }): React.JSX.Element {
  const units = new Set(pricing.items.map((item) => item.unit))
  const sharedUnit = units.size === 1 ? [...units][0] : undefined
  return (
    <section className="catalog-section" aria-label={pricing.title}>
      <h4 className="catalog-section-title">
        {pricing.title}
        {sharedUnit && <span className="catalog-usage-unit"> ({sharedUnit})</span>}
      </h4>
      <table className="catalog-usage">
        <tbody>
          {pricing.items.map((item) => (
            <tr key={item.key}>
              <th scope="row">{item.label}</th>
              <td>
                {sharedUnit !== undefined && item.value === `${item.amount} ${item.unit}` ? (
                  <>
                    <span className="catalog-usage-amount">
                      <Points exact={item.amount} />
                    </span>
                    <span className="visually-hidden"> {item.unit}</span>
                  </>
                ) : (
                  item.value
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="catalog-note">{pricing.note}</p>
    </section>
  )
}
