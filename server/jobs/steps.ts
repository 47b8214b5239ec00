/**
 * The step interface every background function is written against. Inngest's `step` satisfies
 * it as is; InProcessSteps is the embedded-mode runner. Step results are JSON (a Date becomes
 * a string) in both, so a function behaves the same under either runner.
 */
import type { SendEventPayload } from 'inngest';
import type { Jsonify } from 'inngest/types';

/** What step.run resolves to: the JSON round-trip of the awaited return (void → null). */
export type StepResult<T> = Jsonify<Awaited<T extends void ? null : T>>;

export interface Steps {
  run<T>(id: string, fn: () => Promise<T>): Promise<StepResult<T>>;
  sendEvent(id: string, payload: SendEventPayload): Promise<unknown>;
}

/**
 * Runs steps in this process with Inngest's semantics: results JSON round-tripped and memoised
 * by id (a repeated id gets ":1", ":2"… as Inngest does), so re-running a function with the
 * same memo after a crash skips the steps that completed.
 */
export class InProcessSteps implements Steps {
  private readonly used = new Map<string, number>();

  constructor(
    private readonly send: (payload: SendEventPayload) => Promise<unknown>,
    readonly completed: Map<string, unknown> = new Map(),
  ) {}

  private resolveId(id: string): string {
    const n = this.used.get(id) ?? 0;
    this.used.set(id, n + 1);
    return n === 0 ? id : `${id}:${n}`;
  }

  async run<T>(rawId: string, fn: () => Promise<T>): Promise<StepResult<T>> {
    const id = this.resolveId(rawId);
    if (this.completed.has(id)) return this.completed.get(id) as StepResult<T>;
    const value = await fn();
    const json = (value === undefined ? null : JSON.parse(JSON.stringify(value))) as StepResult<T>;
    this.completed.set(id, json);
    return json;
  }

  async sendEvent(id: string, payload: SendEventPayload): Promise<unknown> {
    return this.run(id, () => this.send(payload));
  }
}
