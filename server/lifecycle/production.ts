/** The lifecycle bodies on the app database (db/index.ts), for Inngest and the in-process timers. */
import { withSystem, withUser } from '../../db';
import { createLifecycleBodies } from './job-bodies';

export const lifecycleBodies = createLifecycleBodies(() => ({ withUser, withSystem }));
