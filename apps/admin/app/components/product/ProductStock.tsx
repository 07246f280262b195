import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import {
  MANUAL_STOCK_REASONS,
  STOCK_MOVEMENT_REASON_NAME,
  STOCK_REASON_EXPLAINED,
  type AdminCatalogueOptions,
  type AdminProduct,
  type ManualStockReason,
} from '@kiim/contract';
import { errorsOf } from '../../lib/form.ts';
import { resultOf, type ProductAnswer } from '../../lib/product-form.ts';
import { changeCell, effectWords, levelAfter } from '../../lib/stock-change.ts';
import { Field, FormAlert, SelectField } from '../Form.tsx';

/**
 * The product's «Остатки» (permission stock.edit; issue 27 item 6): a grid of its sizes × every city with the units
 * there now, where staff type numbers for several sizes and cities, choose one reason and send them in one request
 * (`stock` intent → `POST …/stock/changes`, all or nothing). The form says whether the reason adds, sets or takes
 * away, and shows each cell's level after the change; a refused line's message shows under its cell and above the
 * button, naming the size and city.
 */
export function ProductStock({
  product,
  options,
  answer,
}: {
  product: AdminProduct;
  options: AdminCatalogueOptions;
  answer?: ProductAnswer;
}) {
  const busy = useNavigation().state !== 'idle';
  const result = resultOf(answer, 'stock');
  const errors = errorsOf(result);
  const [reason, setReason] = useState<ManualStockReason>('receipt');
  // The grid is made anew after a saved change (typed numbers cleared), not after a refusal (they stay to correct).
  const [savedAt, setSavedAt] = useState(0);
  if (result?.ok && result.at !== savedAt) setSavedAt(result.at);
  const saved = result?.ok ? (result.data as { items: unknown[] }).items.length : 0;
  return (
    <section className="panel">
      <h2>Остатки</h2>
      {result?.ok && (
        <p className="notice" role="status">
          Остатки сохранены: изменено строк — {saved}.
        </p>
      )}
      <StockGrid
        key={savedAt}
        product={product}
        cities={options.cities}
        errors={errors}
        reason={reason}
        setReason={setReason}
        busy={busy}
      />
      <p>
        <Link to={`/stock?productId=${product.id}`}>История движения товара</Link>
      </p>
    </section>
  );
}

/** The stock form itself: a size × city grid of numbers with the reason and note. */
function StockGrid({
  product,
  cities,
  errors,
  reason,
  setReason,
  busy,
}: {
  product: AdminProduct;
  cities: AdminCatalogueOptions['cities'];
  errors: Record<string, string>;
  reason: ManualStockReason;
  setReason: (r: ManualStockReason) => void;
  busy: boolean;
}) {
  const [typed, setTyped] = useState<Record<string, string>>({});
  const words = effectWords(reason);
  return (
    <Form method="post" noValidate className="stock-form">
      <div className="filters">
        <SelectField
          label="Причина"
          name="reason"
          error={errors.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value as ManualStockReason)}
          options={MANUAL_STOCK_REASONS.map((r) => [r, STOCK_MOVEMENT_REASON_NAME[r]] as const)}
        />
        <Field label="Комментарий" name="note" error={errors.note} />
      </div>
      <p className="stock-effect" role="status" aria-live="polite">
        {STOCK_REASON_EXPLAINED[reason]}
      </p>
      <div className="table-scroll" role="region" aria-label="Остатки по размерам и городам" tabIndex={0}>
        <table className="data-table stock-grid">
          <caption className="visually-hidden">
            Остатки по размерам и городам: {words.column.toLowerCase()}
          </caption>
          <thead>
            <tr>
              <th scope="col">Размер</th>
              {cities.map((c) => (
                <th scope="col" key={c.id}>
                  {c.name} <span className="stock-column">{words.column.toLowerCase()}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {product.skus.map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  {s.size} <code className="hint stock-code">{s.externalId}</code>
                </th>
                {cities.map((c) => {
                  const cell = changeCell(s.id, c.id);
                  const now = s.stock[c.id] ?? 0;
                  const after = levelAfter(reason, now, typed[cell] ?? '');
                  return (
                    <td key={c.id} data-label={c.name}>
                      <span className="stock-now">сейчас {now}</span>
                      <Field
                        label={`${s.size}, ${c.name}: ${words.column}`}
                        name={cell}
                        inputMode="numeric"
                        error={errors[cell]}
                        onChange={(e) => setTyped((t) => ({ ...t, [cell]: e.target.value }))}
                      />
                      {after !== null && (
                        <span className={after < 0 ? 'stock-after field-error' : 'stock-after'}>
                          станет {after}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormAlert message={errors._form} />
      <button className="button" name="intent" value="stock" disabled={busy}>
        {words.button}
      </button>
      <p className="hint">Пустые клетки не меняются. Все строки сохраняются вместе или ни одна.</p>
    </Form>
  );
}
