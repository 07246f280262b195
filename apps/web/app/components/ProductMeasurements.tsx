import type { SizeMeasurements } from '@kiim/contract';
import { MEASUREMENT_KEYS } from '@kiim/contract/enums';
import { useT } from '../lib/text.ts';

/**
 * The garment's measurements by size beside the size chart link (issue 35 item 6, decision 066): server-rendered
 * table in the shopper's language, only the measured sizes and the columns with a value; nothing without any.
 * Centimetres with a decimal comma.
 */
export function ProductMeasurements({ items }: { items: readonly SizeMeasurements[] | undefined }) {
  const t = useT();
  if (!items || items.length === 0) return null;
  const keys = MEASUREMENT_KEYS.filter((k) => items.some((row) => row[k] !== null));
  return (
    <details className="measurements" data-testid="measurements" open>
      <summary>{t('product.measurements')}</summary>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('common.size')}</th>
              {keys.map((k) => (
                <th scope="col" key={k}>
                  {t(`product.measure.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                {keys.map((k) => (
                  <td key={k}>{row[k] === null ? '—' : String(row[k]).replace('.', ',')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
