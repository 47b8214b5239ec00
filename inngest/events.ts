/** Inngest event types over the contracts in server/events/contracts.ts (one schema, two providers). */
import { eventType } from 'inngest';
import type { EventContract } from '../server/events/define-event';

export const inngestEventType = (contract: EventContract) => eventType(contract.name, { schema: contract.schema });
