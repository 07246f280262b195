import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';

/** The table features the back office's lists use: none beyond the core rows and columns (no client sorting). */
export const listFeatures = tableFeatures({});
export type ListFeatures = typeof listFeatures;

/**
 * A list of the back office on TanStack Table (headless): a table on a laptop, a card per row on a phone (each cell
 * labelled with its column's header by CSS, `data-label`). Columns come from `createColumnHelper<ListFeatures, T>()`
 * at module scope; `rowId` keeps rows stable across reloads.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  rowId,
  empty,
  caption,
}: {
  columns: ColumnDef<ListFeatures, T, unknown>[];
  data: T[];
  rowId: (row: T) => string;
  empty: string;
  caption: string;
}) {
  const table = useTable({ features: listFeatures, columns, data, getRowId: (row) => rowId(row) });
  if (data.length === 0) return <p className="empty">{empty}</p>;
  return (
    <table className="data-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col">
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} data-row={row.id}>
            {row.getAllCells().map((cell) => {
              const header = cell.column.columnDef.header;
              return (
                <td key={cell.id} data-label={typeof header === 'string' ? header : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
