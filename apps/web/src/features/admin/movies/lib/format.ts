/** A whole percent between 0 and 100. */
export const percentOf = (done: number, total: number): number =>
  total > 0 ? Math.min(100, Math.max(0, Math.floor((done / total) * 100))) : 0;
