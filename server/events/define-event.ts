/**
 * An event contract: a name and the zod schema of its payload. Producers build events with
 * `create` (validated), job definitions (server/jobs/) name the contract they are triggered by,
 * and the Inngest adapter (inngest/) turns the same contract into an Inngest event type.
 */
import type { z } from 'zod';

/** What is sent: Inngest's event shape, which the in-process provider takes too. */
export interface EventPayload<D extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  data: D;
  /** Dedups a re-send of the same event (Inngest keeps ids for 24 h). */
  id?: string;
}

export type EventSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface EventContract<N extends string = string, S extends EventSchema = EventSchema> {
  readonly name: N;
  readonly schema: S;
  create(data: z.input<S>, options?: { id?: string }): EventPayload<z.output<S>>;
}

export function defineEvent<const N extends string, S extends EventSchema>(name: N, schema: S): EventContract<N, S> {
  return {
    name,
    schema,
    create: (data, options) => ({ name, data: schema.parse(data), ...(options?.id ? { id: options.id } : {}) }),
  };
}
