import { useRef, useState, type ReactNode } from 'react';
import { useTable, type RowData, type SortingState } from '@tanstack/react-table';
import { tableFeaturesSet, type Column } from './features';
import { useCramped } from './useCramped';
import '../shared/tokens.css';

export interface DataTableProps<T extends RowData> {
  /** Names the table for assistive technology; shown only when `showCaption` is set. */
  caption: string;
  showCaption?: boolean;
  columns: Column<T>[];
  data: T[];
  initialSorting?: SortingState;
  /** A stable id per row, so React keeps rows (and their focus) when sorting reorders them. */
  getRowId?: (row: T, index: number) => string;
  /** Shown under the table: what a reader should take from it. */
  footnote?: ReactNode;
  /**
   * When rows turn into cards: `narrow` below 40rem of width; `wide` below 48rem, for tables
   * with many columns of figures that would otherwise be squeezed.
   */
  reflow?: 'narrow' | 'wide';
}

const ariaSort = (dir: false | 'asc' | 'desc') =>
  dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none';

/**
 * The page's tables. TanStack computes the sorted rows; this component owns the markup. On a
 * wide screen it is an ordinary table; in a narrow box each row reflows into a card whose
 * cells carry their column's name, so a phone reader never scrolls sideways to read a row.
 */
export function DataTable<T extends RowData>({
  caption,
  showCaption = false,
  columns,
  data,
  initialSorting = [],
  getRowId,
  footnote,
  reflow = 'narrow',
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const table = useTable({
    features: tableFeaturesSet,
    columns,
    data,
    state: { sorting },
    onSortingChange: setSorting,
    // Sorting by one column at a time keeps the cycle simple to explain: up, down, original.
    enableMultiSort: false,
    ...(getRowId ? { getRowId } : {}),
  });
  const sortable = table.getAllLeafColumns().some((c) => c.getCanSort());
  const wrapRef = useRef<HTMLDivElement>(null);
  const cramped = useCramped(wrapRef);

  return (
    <div ref={wrapRef} className={`table-wrap reflow-${reflow}${cramped ? ' is-cramped' : ''}`}>
      <table className="data-table" data-sortable={sortable || undefined}>
        <caption className={showCaption ? 'table-caption' : 'fl-visually-hidden'}>
          {caption}
          {/* Read as part of the name, which may put a space before it: so no comma. */}
          {sortable ? (
            <span className="fl-visually-hidden"> (sortable by the column buttons)</span>
          ) : null}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = header.column;
                const canSort = column.getCanSort();
                const dir = column.getIsSorted();
                const meta = column.columnDef.meta;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={canSort ? ariaSort(dir) : undefined}
                    className={[
                      canSort ? 'sortable' : 'not-sortable',
                      meta?.numeric ? 'numeric' : '',
                    ].join(' ')}
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={column.getToggleSortingHandler()}
                        data-sorted={dir || undefined}
                      >
                        <table.FlexRender header={header} />
                        <SortMark dir={dir} />
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                const label =
                  meta?.label ??
                  (typeof cell.column.columnDef.header === 'string'
                    ? cell.column.columnDef.header
                    : undefined);
                const className =
                  [meta?.numeric ? 'numeric' : '', meta?.nowrap ? 'nowrap' : '']
                    .filter(Boolean)
                    .join(' ') || undefined;
                return meta?.rowHeader ? (
                  <th key={cell.id} scope="row" className={className}>
                    <table.FlexRender cell={cell} />
                  </th>
                ) : (
                  <td key={cell.id} data-label={label || undefined} className={className}>
                    <table.FlexRender cell={cell} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {footnote ? <div className="table-footnote">{footnote}</div> : null}
    </div>
  );
}

function SortMark({ dir }: { dir: false | 'asc' | 'desc' }) {
  // The arrow is decoration: the header's aria-sort already tells assistive technology.
  return (
    <svg className="sort-mark" viewBox="0 0 10 14" width="10" height="14" aria-hidden="true">
      <path d="M5 1 L9 6 H1 Z" className={dir === 'asc' ? 'on' : 'off'} />
      <path d="M5 13 L9 8 H1 Z" className={dir === 'desc' ? 'on' : 'off'} />
    </svg>
  );
}
