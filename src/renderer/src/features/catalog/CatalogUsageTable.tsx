import type { CatalogUsageReference } from '@shared/catalog'

/**
 * The usage reference in points per 1M tokens. Values are the record's figures exactly
 * (`0.46999999999999995`): they are the published ones, and rounding them here would make the card
 * disagree with the gateway's own catalog. So that such a figure stays on one line in a narrow
 * sidebar (`0.46999999999999995 pts / 1M` + `tokens` used to wrap), the unit they all share is shown
 * once, next to the title, and each cell shows the number; the cell's text is still the record's
 * whole `value` (the unit is there for screen readers and copying, visually hidden).
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
                    <span className="catalog-usage-amount">{item.amount}</span>
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
