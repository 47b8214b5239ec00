import { extractMemories } from './extract-memories';
import { reembedMemories } from './reembed-memories';
import { sweepOutboxFn } from './sweep-outbox';

export const functions = [extractMemories, reembedMemories, sweepOutboxFn];
