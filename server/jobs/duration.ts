/**
 * Durations as Inngest writes them ('10s', '2m', '1h30m'), so one config value serves both
 * providers: Inngest reads the string, the in-process provider converts it with durationMs.
 */
export type Duration = `${`${number}w` | ''}${`${number}d` | ''}${`${number}h` | ''}${`${number}m` | ''}${`${number}s` | ''}`;

const UNIT_MS = { w: 604_800_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 } as const;

export function durationMs(duration: Duration): number {
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)([wdhms])/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== duration) throw new RangeError(`"${duration}" is not a duration such as 10s, 2m or 1h30m`);
  return parts.reduce((ms, [, n, unit]) => ms + Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS], 0);
}
