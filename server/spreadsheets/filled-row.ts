/** A row holds something when one of its cells is more than spaces; the others are skipped, as the checks skip them. */
export function isFilledRow(cells: readonly string[]): boolean {
  return cells.some((cell) => cell.trim() !== '');
}
