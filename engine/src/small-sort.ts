/**
 * Sorts a short array of numbers (a hand, a set, a pile of card ids) ascending, in place: an
 * insertion sort, cheaper than `Array.prototype.sort` at these sizes and on nearly sorted input,
 * which is what the games' hot paths sort.
 */
export function sortSmall(values: number[]): void {
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    let j = i - 1;
    while (j >= 0 && values[j]! > value) {
      values[j + 1] = values[j]!;
      j--;
    }
    values[j + 1] = value;
  }
}
