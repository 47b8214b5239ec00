/**
 * The embedded-mode dispatcher: with no Inngest configured, events are handled in this process
 * after the response is sent. Consumers register a handler per event name.
 */
type Handler<T> = (data: T) => Promise<void>;

const handlers = new Map<string, Handler<unknown>[]>();

export function onEvent<T>(name: string, handler: Handler<T>): void {
  handlers.set(name, [...(handlers.get(name) ?? []), handler as Handler<unknown>]);
}

/** Runs every handler for `name`; a failing handler is logged and does not stop the others. */
export async function dispatchInProcess(name: string, data: unknown): Promise<void> {
  for (const handler of handlers.get(name) ?? []) {
    try {
      await handler(data);
    } catch (error) {
      console.error(`[events] in-process handler for ${name} failed`, error);
    }
  }
}
