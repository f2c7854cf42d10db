import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable } from './DataTable';
import { columnHelper } from './features';

interface Row {
  id: string;
  name: string;
  rate: number;
}

const h = columnHelper<Row>();
const columns = h.columns([
  h.accessor('name', { header: 'Name', sortFn: 'text', meta: { rowHeader: true } }),
  h.accessor('rate', { header: 'Rate', sortDescFirst: true, meta: { numeric: true } }),
  h.accessor('id', { header: 'Id', enableSorting: false }),
]);
const data: Row[] = [
  { id: 'b', name: 'Bravo', rate: 20 },
  { id: 'a', name: 'alpha', rate: 5 },
  { id: 'c', name: 'Charlie', rate: 300 },
];

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);

afterEach(cleanup);

describe('DataTable', () => {
  it('renders rows in data order, with row headers and a caption', () => {
    render(<DataTable caption="Things" columns={columns} data={data} getRowId={(r) => r.id} />);
    expect(screen.getByRole('table', { name: /Things/ })).toBeTruthy();
    expect(firstColumn()).toEqual(['Bravo', 'alpha', 'Charlie']);
  });

  it('sorts with a button in the header and reports it with aria-sort', () => {
    render(<DataTable caption="Things" columns={columns} data={data} getRowId={(r) => r.id} />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn()).toEqual(['alpha', 'Bravo', 'Charlie']);
    fireEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['Charlie', 'Bravo', 'alpha']);
    // The third press goes back to the order the author chose.
    fireEvent.click(within(header).getByRole('button', { name: 'Name' }));
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(firstColumn()).toEqual(['Bravo', 'alpha', 'Charlie']);
  });

  it('sorts numbers as numbers, highest first when the column asks for it', () => {
    render(<DataTable caption="Things" columns={columns} data={data} getRowId={(r) => r.id} />);
    const rate = screen.getByRole('columnheader', { name: /Rate/ });
    fireEvent.click(within(rate).getByRole('button'));
    expect(rate.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['Charlie', 'Bravo', 'alpha']);
    // Only one column is sorted at a time.
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe(
      'none',
    );
  });

  it('gives a column that does not sort no button and no aria-sort', () => {
    render(<DataTable caption="Things" columns={columns} data={data} />);
    const id = screen.getByRole('columnheader', { name: 'Id' });
    expect(id.getAttribute('aria-sort')).toBeNull();
    expect(within(id).queryByRole('button')).toBeNull();
  });

  it('labels each cell with its column for the narrow card layout', () => {
    const { container } = render(<DataTable caption="Things" columns={columns} data={data} />);
    const cells = container.querySelectorAll('tbody td');
    expect(cells[0]?.getAttribute('data-label')).toBe('Rate');
    expect(cells[1]?.getAttribute('data-label')).toBe('Id');
  });
});
