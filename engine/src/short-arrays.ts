/**
 * Helpers for the short arrays of the games' hot paths (hands, sets, piles, the table): sorting,
 * shortening and removing in place, in the ways that stay in V8's optimised code.
 */

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

/**
 * Shortens `list` to `length` by `pop`, the one way that stays in optimised code: writing `length`
 * or calling `splice`/`shift` calls into the runtime, several times the cost of a whole game move
 * at these sizes.
 */
export function truncate(list: unknown[], length: number): void {
  while (list.length > length) list.pop();
}

/** Removes the element at `index`, keeping the order (see truncate). */
export function removeAt(list: unknown[], index: number): void {
  for (let i = index + 1; i < list.length; i++) list[i - 1] = list[i];
  list.pop();
}
