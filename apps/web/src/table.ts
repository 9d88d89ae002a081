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

/**
 * A stacked table shows each row as a card on a phone (style.css `table.stacked`): its cells say
 * their column's name (data-label), and explicit roles keep it a table for screen readers, whose
 * browsers may drop a table's semantics once its layout is not a table's.
 */
const roles = (stacked: boolean, role: string): { role: string | null } => ({ role: stacked ? role : null });

function headerCell<Row>(column: Column<Row>, content: Cell, stacked = false): HTMLTableCellElement {
  return el('th', { scope: 'col', class: column.numeric ? 'num' : null, title: column.title ?? null, 'data-column': column.key, ...roles(stacked, 'columnheader') }, content);
}

function bodyRow<Row>(columns: readonly Column<Row>[], row: Row, stacked = false): HTMLTableRowElement {
  return el('tr', roles(stacked, 'row'), ...columns.map((column) => el('td', {
    class: column.numeric ? 'num' : null, 'data-column': column.key, ...(stacked && { 'data-label': column.label, role: 'cell' }),
  }, column.cell(row))));
}

export interface SortableTable<Row> {
  readonly element: HTMLElement;
  /** Shows these rows, in the current order. */
  update(rows: readonly Row[]): void;
  /** Sorts by a column: its natural direction unless told (numbers high first, names A to Z). */
  sortBy(key: string, descending?: boolean): void;
  /** Draws the rows again (after what `view` reads changed). */
  refresh(): void;
}

export interface SortableTableOptions<Row> {
  /** Of the rows in order, those to show (e.g. those matching a search, one page of them); default all. */
  readonly view?: (sorted: readonly Row[]) => readonly Row[];
  /** Each row a card on a phone (style.css `table.stacked`). */
  readonly stacked?: boolean;
  /** Called after each sort, with the column and direction. */
  readonly onSort?: (sort: { readonly key: string; readonly descending: boolean }) => void;
}

/** A table sorted by a column; clicking a header sorts by it, clicking again reverses. */
export function sortableTable<Row>(caption: string, columns: readonly Column<Row>[], initial: { key: string; descending: boolean }, options: SortableTableOptions<Row> = {}): SortableTable<Row> {
  let sortKey = initial.key;
  let descending = initial.descending;
  let rows: readonly Row[] = [];
  const stacked = options.stacked === true;
  const headRow = el('tr', roles(stacked, 'row'));
  const body = el('tbody', roles(stacked, 'rowgroup'));
  const table = el('table', { class: stacked ? 'stacked' : null, ...roles(stacked, 'table') },
    el('caption', { class: 'visually-hidden' }, `${caption} (column headers sort the table)`), el('thead', roles(stacked, 'rowgroup'), headRow), body);

  const render = (): void => {
    fill(headRow, ...columns.map((column) => {
      if (column.sort === undefined) return headerCell(column, column.label, stacked);
      const active = column.key === sortKey;
      const th = headerCell(column, el('button', { type: 'button', class: 'sort', onclick: () => toggle(column.key) }, column.label, el('span', { class: 'sort-arrow', 'aria-hidden': 'true' }, active ? (descending ? ' ▼' : ' ▲') : '')), stacked);
      th.setAttribute('aria-sort', active ? (descending ? 'descending' : 'ascending') : 'none');
      return th;
    }));
    const column = columns.find((c) => c.key === sortKey);
    const key = column?.sort;
    const sorted = key === undefined ? [...rows] : [...rows].sort((a, b) => compare(key(a), key(b), descending));
    fill(body, ...(options.view?.(sorted) ?? sorted).map((row) => bodyRow(columns, row, stacked)));
  };
  const sortBy = (key: string, direction?: boolean): void => {
    sortKey = key;
    // numbers read best high first, names A to Z
    descending = direction ?? columns.find((c) => c.key === key)?.numeric === true;
    render();
    options.onSort?.({ key: sortKey, descending });
  };
  const toggle = (key: string): void => sortBy(key, key === sortKey ? !descending : undefined);
  render();
  return {
    element: scrollBox(table, caption),
    update(next) {
      rows = next;
      render();
    },
    sortBy,
    refresh: render,
  };
}

/** Orders two sort keys; a missing value (null) goes last either way. */
function compare(a: number | string | null, b: number | string | null, descending: boolean): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return descending ? -order : order;
}
