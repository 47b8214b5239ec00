import { config } from '../../config';

/** The consolidation numbers live in the config module with every other number (SPEC §6). */
export const consolidationConfig = config.lifecycle.consolidation;
