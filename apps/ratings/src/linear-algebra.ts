/** The little dense linear algebra Bradley–Terry needs: symmetric positive definite systems. */

export type Matrix = number[][];

/** The lower-triangular L with A = L·Lᵀ, or null when A is not (numerically) positive definite. */
export function cholesky(a: Matrix): Matrix | null {
  const n = a.length;
  const l: Matrix = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i]![j]!;
      for (let k = 0; k < j; k++) sum -= l[i]![k]! * l[j]![k]!;
      if (i === j) {
        if (!(sum > 0)) return null;
        l[i]![i] = Math.sqrt(sum);
      } else {
        l[i]![j] = sum / l[j]![j]!;
      }
    }
  }
  return l;
}

/** x with L·Lᵀ·x = b. */
export function solveCholesky(l: Matrix, b: readonly number[]): number[] {
  const n = l.length;
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= l[i]![k]! * y[k]!;
    y[i] = sum / l[i]![i]!;
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < n; k++) sum -= l[k]![i]! * x[k]!;
    x[i] = sum / l[i]![i]!;
  }
  return x;
}

/** (L·Lᵀ)⁻¹, one column at a time. */
export function inverseCholesky(l: Matrix): Matrix {
  const n = l.length;
  const inverse: Matrix = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let column = 0; column < n; column++) {
    const unit = new Array<number>(n).fill(0);
    unit[column] = 1;
    const x = solveCholesky(l, unit);
    for (let row = 0; row < n; row++) inverse[row]![column] = x[row]!;
  }
  return inverse;
}

/** P·A·P with P = I − 11ᵀ/n: the covariance of the values minus their mean, given theirs. */
export function centred(a: Matrix): Matrix {
  const n = a.length;
  const rowMeans = a.map((row) => row.reduce((sum, v) => sum + v, 0) / n);
  const columnMeans = a[0]?.map((_, j) => a.reduce((sum, row) => sum + row[j]!, 0) / n) ?? [];
  const mean = rowMeans.reduce((sum, v) => sum + v, 0) / n;
  return a.map((row, i) => row.map((v, j) => v - rowMeans[i]! - columnMeans[j]! + mean));
}
