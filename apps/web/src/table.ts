/** Tables: in a horizontally scrolling box (phones), optionally sortable by a column's header. */
import { el, fill } from './dom.ts';

type Cell = Node | string;

export interface Column<Row> {
  readonly key: string;
  readonly label: string;
  /** A longer name for the header's tooltip and screen readers. */
  readonly title?: string;
  readonly cell: (row: Row) => Cell;
  /** The sort key; without it the column is not sortable. null sorts last. */
  readonly sort?: (row: Row) => number | string | null;
  readonly numeric?: boolean;
}

export function scrollBox(table: HTMLTableElement, label: string): HTMLElement {
  return el('div', { class: 'table-scroll', role: 'region', 'aria-label': label, tabindex: '0' }, table);
}

export function simpleTable<Row>(caption: string, columns: readonly Column<Row>[], rows: readonly Row[]): HTMLElement {
  const table = el('table', {},
    el('caption', { class: 'visually-hidden' }, caption),
    el('thead', {}, el('tr', {}, ...columns.map((column) => headerCell(column, column.label)))),
    el('tbody', {}, ...rows.map((row) => bodyRow(columns, row))),
  );
  return scrollBox(table, caption);
}

function headerCell<Row>(column: Column<Row>, content: Cell): HTMLTableCellElement {
  return el('th', { scope: 'col', class: column.numeric ? 'num' : null, title: column.title ?? null, 'data-column': column.key }, content);
}

function bodyRow<Row>(columns: readonly Column<Row>[], row: Row): HTMLTableRowElement {
  return el('tr', {}, ...columns.map((column) => el('td', { class: column.numeric ? 'num' : null, 'data-column': column.key }, column.cell(row))));
}

export interface SortableTable<Row> {
  readonly element: HTMLElement;
  /** Shows these rows, in the current order. */
  update(rows: readonly Row[]): void;
}

/** A table sorted by a column; clicking a header sorts by it, clicking again reverses. */
export function sortableTable<Row>(caption: string, columns: readonly Column<Row>[], initial: { key: string; descending: boolean }): SortableTable<Row> {
  let sortKey = initial.key;
  let descending = initial.descending;
  let rows: readonly Row[] = [];
  const headRow = el('tr');
  const body = el('tbody');
  const table = el('table', {}, el('caption', { class: 'visually-hidden' }, `${caption} (column headers sort the table)`), el('thead', {}, headRow), body);

  const render = (): void => {
    fill(headRow, ...columns.map((column) => {
      if (column.sort === undefined) return headerCell(column, column.label);
      const active = column.key === sortKey;
      const th = headerCell(column, el('button', { type: 'button', class: 'sort', onclick: () => sortBy(column.key) }, column.label, el('span', { class: 'sort-arrow', 'aria-hidden': 'true' }, active ? (descending ? ' ▼' : ' ▲') : '')));
      th.setAttribute('aria-sort', active ? (descending ? 'descending' : 'ascending') : 'none');
      return th;
    }));
    const column = columns.find((c) => c.key === sortKey);
    const key = column?.sort;
    const sorted = key === undefined ? [...rows] : [...rows].sort((a, b) => compare(key(a), key(b), descending));
    fill(body, ...sorted.map((row) => bodyRow(columns, row)));
  };
  const sortBy = (key: string): void => {
    if (key === sortKey) descending = !descending;
    else {
      sortKey = key;
      // numbers read best high first, names A to Z
      descending = columns.find((c) => c.key === key)?.numeric === true;
    }
    render();
  };
  render();
  return {
    element: scrollBox(table, caption),
    update(next) {
      rows = next;
      render();
    },
  };
}

/** Orders two sort keys; a missing value (null) goes last either way. */
function compare(a: number | string | null, b: number | string | null, descending: boolean): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return descending ? -order : order;
}
