/**
 * The step interface every background job is written against. Inngest's `step` satisfies it as
 * is; InProcessSteps is the in-process one. Step results are JSON (a Date becomes a string) in
 * both, so a job behaves the same under either provider.
 */
import { setTimeout as sleep } from 'node:timers/promises';
// Inngest's own JSON round-trip type, so a body sees exactly what Inngest's step.run returns.
import type { Jsonify } from 'inngest/types';
import type { EventPayload } from './events/define-event';

/** What step.run resolves to: the JSON round-trip of the awaited return (void → null). */
export type StepResult<T> = Jsonify<Awaited<T extends void ? null : T>>;

export interface Steps {
  run<T>(id: string, fn: () => Promise<T>): Promise<StepResult<T>>;
  sendEvent(id: string, payload: EventPayload | EventPayload[]): Promise<unknown>;
}

export interface StepRetries {
  /** Tries after the first: the job definition's `retries`. */
  retries: number;
  /** How long to wait before retry n (1-based). */
  delayMs(retry: number): number;
}

export const NO_RETRIES: StepRetries = { retries: 0, delayMs: () => 0 };

/**
 * Runs steps in this process with Inngest's semantics: results JSON round-tripped and memoised
 * by id (a repeated id gets ":1", ":2"… as Inngest does); a step that throws is tried again
 * after a wait, up to `retries` times, and only then does its error reach the body. The memo
 * (`completed`) lives in memory only: the in-process provider hands the same map to each
 * attempt of one run, so a retried run skips the steps that completed, but nothing survives the
 * process. A run lost with its process starts again from its first step when its event is
 * re-sent (the outbox sweeper); the bodies are idempotent, so that repeats work, never writes.
 */
export class InProcessSteps implements Steps {
  private readonly used = new Map<string, number>();
  private readonly lastFailures = new WeakSet<object>();

  constructor(
    private readonly send: (events: EventPayload[]) => Promise<unknown>,
    readonly completed: Map<string, unknown> = new Map(),
    private readonly retry: StepRetries = NO_RETRIES,
  ) {}

  /** Whether `error` is a step's failure after its last retry; Inngest does not retry the run for it again. */
  gaveUpOn(error: unknown): boolean {
    return typeof error === 'object' && error !== null && this.lastFailures.has(error);
  }

  private resolveId(id: string): string {
    const n = this.used.get(id) ?? 0;
    this.used.set(id, n + 1);
    return n === 0 ? id : `${id}:${n}`;
  }

  private async attempt<T>(fn: () => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries += 1) {
      try {
        return await fn();
      } catch (error) {
        if (tries > this.retry.retries) {
          if (typeof error === 'object' && error !== null) this.lastFailures.add(error);
          throw error;
        }
        // Retry number `tries` comes next.
        await sleep(this.retry.delayMs(tries));
      }
    }
  }

  async run<T>(rawId: string, fn: () => Promise<T>): Promise<StepResult<T>> {
    const id = this.resolveId(rawId);
    if (this.completed.has(id)) return this.completed.get(id) as StepResult<T>;
    const value = await this.attempt(fn);
    const json = (value === undefined ? null : JSON.parse(JSON.stringify(value))) as StepResult<T>;
    this.completed.set(id, json);
    return json;
  }

  async sendEvent(id: string, payload: EventPayload | EventPayload[]): Promise<unknown> {
    return this.run(id, () => this.send(Array.isArray(payload) ? payload : [payload]));
  }
}
