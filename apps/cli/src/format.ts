/** Small text helpers for terminal output. */
export const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Pads columns so a small table lines up. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  return rows.map((r) => r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  ').trimEnd()).join('\n');
}
