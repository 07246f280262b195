import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import {
  ApiError,
  IMPORT_KIND_NAME,
  type ImportChange,
  type ImportKind,
  type ImportResult,
  type ImportRowError,
} from '@kiim/contract';
import type { Permission } from '@kiim/contract/staff-permissions';
import { adminUpload } from '../lib/api.ts';
import { can } from '../lib/nav.ts';
import { useMember } from './layout.tsx';
import { DataTable, type ListFeatures } from '../components/DataTable.tsx';
import { FormAlert } from '../components/Form.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

// Spreadsheet import and export of the catalogue (issue 12 item 2): choose what the file holds, upload it, see what
// it would change and its bad rows with their row numbers, then apply it — refused while there are bad rows until
// the member chooses to skip them. Stock needs stock.edit, prices and products catalogue.edit. The products sheet
// also carries each size's garment measurements in cm (decision 072).

const KINDS: { kind: ImportKind; permission: Permission; columns: string }[] = [
  {
    kind: 'stock',
    permission: 'stock.edit',
    columns: 'externalId; cityId (или city — название города); quantity',
  },
  {
    kind: 'prices',
    permission: 'catalogue.edit',
    columns: 'externalId; price; originalPrice (необязательно)',
  },
  {
    kind: 'products',
    permission: 'catalogue.edit',
    columns:
      'externalId; model; name; category; brand; colour; size; price; необязательно: originalPrice; description; ' +
      'published (да/нет); замеры размера в см — chest (обхват груди), waist (обхват талии), hips (обхват бёдер), ' +
      'length (длина изделия), inseam (длина по внутреннему шву)',
  },
];

const changes = createColumnHelper<ListFeatures, ImportChange>();
const changeColumns = changes.columns([
  changes.accessor('row', { header: 'Строка' }),
  changes.accessor('externalId', { header: 'Код размера', cell: (c) => <code>{c.getValue()}</code> }),
  changes.accessor('field', { header: 'Что', cell: (c) => fieldName(c.getValue()) }),
  changes.display({
    id: 'change',
    header: 'Было → станет',
    cell: (c) => `${c.row.original.before ?? '—'} → ${c.row.original.after}`,
  }),
]);
const errors = createColumnHelper<ListFeatures, ImportRowError>();
const errorColumns = errors.columns([
  errors.accessor('row', { header: 'Строка' }),
  errors.accessor('column', { header: 'Столбец', cell: (c) => c.getValue() ?? '—' }),
  errors.accessor('message', { header: 'Ошибка' }),
]);

/** «quantity:Алматы» → «Остаток, Алматы». */
function fieldName(field: string): string {
  const [name, city] = field.split(':');
  const labels: Record<string, string> = {
    quantity: 'Остаток',
    price: 'Цена',
    originalPrice: 'Цена до скидки',
    product: 'Новый товар',
    size: 'Новый размер',
    measurements: 'Замеры размера, см',
  };
  const label = labels[name!] ?? name;
  return city ? `${label}, ${city}` : label!;
}

export default function CatalogueImport() {
  const me = useMember();
  const kinds = KINDS.filter((k) => can(me, k.permission));
  const [kind, setKind] = useState<ImportKind>(kinds[0]?.kind ?? 'stock');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [skip, setSkip] = useState(false);
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function send(step: 'preview' | 'apply') {
    if (!file) return setMessage('Выберите файл');
    setBusy(true);
    setMessage(undefined);
    try {
      const query = step === 'apply' && skip ? '?skipBadRows=true' : '';
      setResult(
        await adminUpload<ImportResult>(`/catalogue/import/${kind}/${step}${query}`, file, 'text/csv'),
      );
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setMessage(e.body.message);
      if (e.body.details) setResult(e.body.details as ImportResult);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>Загрузка и выгрузка каталога</h1>
      <section className="panel">
        <h2>Загрузить файл</h2>
        <p>
          Файл CSV в кодировке UTF-8, столбцы разделены точкой с запятой или запятой — так сохраняет Excel
          («CSV UTF-8»). Первая строка — названия столбцов. Не больше 20 МБ и 100 000 строк: большой файл
          остатков разделите по городам.
        </p>
        <fieldset className="checks">
          <legend>Что в файле</legend>
          {kinds.map((k) => (
            <label key={k.kind}>
              <input
                type="radio"
                name="kind"
                value={k.kind}
                checked={kind === k.kind}
                onChange={() => {
                  setKind(k.kind);
                  setResult(null);
                }}
              />{' '}
              {IMPORT_KIND_NAME[k.kind]}: <code>{k.columns}</code>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="import-file">Файл</label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
              setSkip(false);
            }}
          />
        </div>
        <button className="button" type="button" disabled={busy || !file} onClick={() => send('preview')}>
          Проверить файл
        </button>
        <FormAlert message={message} />
      </section>
      {result && (
        <Preview result={result} skip={skip} setSkip={setSkip} busy={busy} apply={() => send('apply')} />
      )}
      <section className="panel">
        <h2>Выгрузить</h2>
        <p>Весь каталог в тех же столбцах: файл можно поправить в Excel и загрузить обратно.</p>
        <ul>
          {kinds.map((k) => (
            <li key={k.kind}>
              <a href={`/api/admin/catalogue/export/${k.kind}`} download>
                {IMPORT_KIND_NAME[k.kind]} (CSV)
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function Preview(props: {
  result: ImportResult;
  skip: boolean;
  setSkip: (v: boolean) => void;
  busy: boolean;
  apply: () => void;
}) {
  const { result, skip, setSkip, busy, apply } = props;
  const bad = result.errorCount > 0;
  return (
    <section className="panel" aria-live="polite">
      <h2>{result.applied ? 'Файл применён' : 'Проверка файла'}</h2>
      <p role="status">
        Строк в файле: {result.rowCount}. {result.applied ? 'Изменено' : 'Изменится'}: {result.changeCount}.
        Без изменений: {result.unchangedRows}. С ошибками: {result.errorCount}.
      </p>
      {bad && (
        <>
          <h3>Строки с ошибками</h3>
          <DataTable
            caption="Строки с ошибками"
            columns={errorColumns}
            data={result.errors}
            rowId={(e) => `${e.row}:${e.column}:${e.message}`}
            empty=""
          />
        </>
      )}
      <h3>{result.applied ? 'Что изменено' : 'Что изменится'}</h3>
      <DataTable
        caption="Изменения"
        columns={changeColumns}
        data={result.changes}
        rowId={(c) => `${c.row}:${c.externalId}:${c.field}`}
        empty="Ничего не изменится: в каталоге уже всё так, как в файле."
      />
      {!result.applied && (
        <>
          {bad && (
            <p>
              <label>
                <input type="checkbox" checked={skip} onChange={(e) => setSkip(e.target.checked)} />{' '}
                Пропустить строки с ошибками ({result.errorCount}) и применить остальные
              </label>
            </p>
          )}
          <button className="button" type="button" disabled={busy} onClick={apply}>
            Применить
          </button>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
