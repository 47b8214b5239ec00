/**
 * How a lifecycle job paces its transactions. Between two of them it always yields to the event
 * loop: PGlite answers without I/O, so a job's chain of awaits would otherwise never let a chat
 * request (a macrotask) in. On the embedded database a person's transaction also queues behind a
 * running job transaction (one backend), so while people are active the job keeps its share of
 * the database to `foregroundDuty`: after working W ms it rests W·(1−d)/d. A chat then meets a
 * job transaction rarely enough to leave its latency alone; with nobody active (the crons run at
 * night) the job runs at full speed. On Postgres (`foreground` null) only the yield applies.
 */
import type { ForegroundActivity } from '../../db/foreground';
import { config } from '../config';

export interface Pacing {
  /** Share of the single backend a job may hold while someone was active recently. */
  foregroundDuty: number;
  /** "Recently": foreground work within this many ms. */
  foregroundActiveMs: number;
  /** A rest is never longer than this, so a job always progresses. */
  foregroundMaxRestMs: number;
}

export interface PacingDeps {
  /** Pause before each of a job's transactions; config.lifecycle.chunkPauseMs by default. */
  chunkPauseMs?: number;
  /** People's activity on a shared single-backend database (server/database.ts embeddedForeground()). */
  foreground?: ForegroundActivity | null;
  /** The job's share while people are active; config.lifecycle.pacing by default. */
  pacing?: Pacing;
}

const resumedAt = new WeakMap<object, number>();
const sleep = (ms: number) => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/** Call before each of a job's transactions, with the same deps object for the whole run. */
export async function paceBeforeTransaction(deps: PacingDeps): Promise<void> {
  const now = performance.now();
  const worked = now - (resumedAt.get(deps) ?? now);
  const { foregroundDuty, foregroundActiveMs, foregroundMaxRestMs } = deps.pacing ?? config.lifecycle.pacing;
  const active = deps.foreground ? now - deps.foreground.lastActiveAt() < foregroundActiveMs : false;
  const rest = active ? Math.min(foregroundMaxRestMs, (worked * (1 - foregroundDuty)) / foregroundDuty) : 0;
  await sleep(Math.max(rest, deps.chunkPauseMs ?? config.lifecycle.chunkPauseMs));
  resumedAt.set(deps, performance.now());
}
