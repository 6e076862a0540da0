/** The median of some figures, the upper one of an even count (the soak's RSS samples, a page's Lighthouse scores). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('median of no figures');
  return middle;
}
