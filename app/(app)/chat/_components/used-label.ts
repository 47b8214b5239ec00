/**
 * The one count of memories an answer used (issue 13): the number recall injected, stored with the
 * reply, and, once the ledger is open and shows fewer because some were deleted since, how many.
 */
export function usedLabel(used: number, stillThere: number | null): string {
  const base = used === 1 ? 'used 1 memory' : `used ${used} memories`;
  const deleted = stillThere === null ? 0 : Math.max(0, used - stillThere);
  return deleted > 0 ? `${base} · ${deleted} since deleted` : base;
}
