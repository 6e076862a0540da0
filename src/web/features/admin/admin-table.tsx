import { type ColumnDef, flexRender, type RowData, tableFeatures, useTable } from '@tanstack/react-table';
import { Pagination } from '../../ui/pagination';

/** No client-side feature: filtering, sorting and paging happen in the database. */
export const adminTableFeatures = tableFeatures({});
export type AdminColumn<Row extends RowData> = ColumnDef<typeof adminTableFeatures, Row>;

/**
 * The back office's tables (decision 022): TanStack Table, headless, builds the header and row model;
 * the rows are one page already filtered, sorted and paged by the server (manual mode), so the same
 * markup renders without JavaScript and the browser never holds more than a page.
 */
export function AdminTable<Row extends RowData>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: AdminColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  const table = useTable({ features: adminTableFeatures, columns, data: rows, getRowId: rowKey });
  // `relative`: the visually hidden labels inside (position: absolute) stay in the scrolled box instead of
  // widening the page on a phone.
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-paper">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-line">
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="p-2 align-bottom font-semibold">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="border-b border-line align-top last:border-b-0">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="p-2">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A list's page of results: how many match, the table (or the empty text) and the pages. */
export function AdminResults<Row extends RowData>({
  count,
  empty,
  caption,
  columns,
  rows,
  rowKey,
  page,
  lastPage,
}: {
  count: string;
  empty: string;
  caption: string;
  columns: AdminColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  page: number;
  lastPage: number;
}) {
  return (
    <>
      <p className="mb-2 text-sm" role="status">
        {count}
      </p>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <AdminTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} />
      )}
      <Pagination page={page} lastPage={lastPage} />
    </>
  );
}
