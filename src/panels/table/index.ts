// The page's shared table: TanStack Table v9 for rows and sorting, our markup for the rest.
export { DataTable, type DataTableProps } from './DataTable';
export { columnHelper, tableFeaturesSet, type Column, type Features } from './features';
export { Verdict, verdictRank, type VerdictLevel } from './Verdict';
