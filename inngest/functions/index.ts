import { extractMemories } from './extract-memories';
import { consolidateFunction } from './consolidate';
import { decayFunction } from './decay';
import { eraseMemoriesFunction } from './erase-memories';
import { importMemoriesFunction } from './import-memories';
import { reembedMemories } from './reembed-memories';
import { retentionFunction } from './retention';
import { sweepOutboxFn } from './sweep-outbox';
import { sendAccountMailFunction } from './send-account-mail';

export const functions = [
  extractMemories,
  reembedMemories,
  sweepOutboxFn,
  decayFunction,
  retentionFunction,
  consolidateFunction,
  importMemoriesFunction,
  eraseMemoriesFunction,
  sendAccountMailFunction,
];
