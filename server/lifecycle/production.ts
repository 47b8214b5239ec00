/** The lifecycle bodies on the app database (db/index.ts), for Inngest and the in-process timers. */
import { embeddedForeground, withSystem, withUserInBackground } from '../../db';
import { createLifecycleBodies } from './job-bodies';

// Background work: not counted as someone waiting, and paced by people's activity (pacing.ts).
export const lifecycleBodies = createLifecycleBodies(() => ({ withUser: withUserInBackground, withSystem, foreground: embeddedForeground() }));
