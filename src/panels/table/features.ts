// The one feature set every table on the page registers. Keeping it in one module means one
// stable object (TanStack wants features at module scope) and one column-helper type.
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** What a column can say about itself beyond TanStack's own options. */
export interface TableColumnMeta {
  /** The cell names its row (rendered as `<th scope="row">`), like the first column of a table. */
  rowHeader?: boolean;
  /**
   * The column's name as plain text, shown above each cell when a row reflows into a card;
   * an empty string shows none, for a cell that speaks for itself (a button).
   */
  label?: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** Short cells ("Step 1") that read badly when broken over two lines. */
  nowrap?: boolean;
}

export const tableFeaturesSet = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  columnMeta: {} as TableColumnMeta,
});

export type Features = typeof tableFeaturesSet;

export type Column<T extends RowData> = ColumnDef<Features, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const columnHelper = <T extends RowData>() => createColumnHelper<Features, T>();
