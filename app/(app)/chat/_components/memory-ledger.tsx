'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import type { RouterOutputs } from '@/server/api/root';
import { config } from '@/server/config';
import { memoryWord } from '@/app/_lib/memory-words';
import { usedLabel } from './used-label';

type Entry = RouterOutputs['recall']['forMessage'][number];

const OUTCOME_LABEL: Record<Entry['outcome'], string> = {
  injected: 'used',
  below_threshold: 'not similar enough',
  cut_by_budget: 'cut by the memory budget',
  duplicate: 'duplicate of a used memory',
  filtered: 'filtered out',
};

const pct = (n: number) => `${Math.round(n * 100)}%`;
const w = config.recall.weights;
const FORMULA =
  `score = ${w.relevance}·relevance + ${w.importance}·importance + ${w.recency}·recency + ${w.frequency}·use, × confidence; ` +
  'relevance = shared words (BM25, relative to the best match) fused with similarity of meaning';

/** The numbers behind a decision, one click away (issue 15): the list itself reads in words. */
function ScoreParts({ entry }: { entry: Entry }) {
  return (
    <details className="ledger-details">
      <summary>score details</summary>
      <ScoreNumbers entry={entry} />
    </details>
  );
}

function ScoreNumbers({ entry }: { entry: Entry }) {
  return (
    <span className="ledger-parts" title={FORMULA}>
      score {entry.score.toFixed(2)} · relevance {pct(entry.relevance)} (words {pct(entry.lexical)}, meaning {pct(entry.similarity)}) · importance {pct(entry.importance)} · recency{' '}
      {pct(entry.recency)} · use {pct(entry.frequency)}
      {entry.confidenceFactor < 1 ? ' · low confidence' : ''} · via {entry.routes.join(', ')}
    </span>
  );
}


function SourceLink({ entry }: { entry: Entry }) {
  if (!entry.sourceConversationId) return <span className="muted">source conversation deleted</span>;
  return (
    <Link href={`/chat/${entry.sourceConversationId}${entry.sourceMessageId ? `#m-${entry.sourceMessageId}` : ''}`} title={`“${entry.quote}”`}>
      source
    </Link>
  );
}

/**
 * "Used N memories": which memories produced this answer, with their score parts and source,
 * a "not relevant" button (counts toward the memory's fail count) and, one click further, why
 * the other candidates were not used. Loaded only when opened.
 */
export function MemoryLedger({ messageId, used }: { messageId: string; used: number }) {
  const [open, setOpen] = useState(false);
  const [whyNot, setWhyNot] = useState(false);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ledger = useQuery({ ...trpc.recall.forMessage.queryOptions({ messageId }), enabled: open });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.recall.forMessage.queryKey({ messageId }) });
  const notRelevant = useMutation(trpc.recall.markNotRelevant.mutationOptions({ onSuccess: refresh }));
  const forget = useMutation(trpc.recall.forgetMemory.mutationOptions({ onSuccess: refresh }));
  if (used === 0 && !open) {
    return (
      <button type="button" className="ledger-toggle" onClick={() => setOpen(true)}>
        no memories used
      </button>
    );
  }
  const entries = ledger.data ?? [];
  const injected = entries.filter((e) => e.outcome === 'injected');
  const others = entries.filter((e) => e.outcome !== 'injected');
  return (
    <div className="ledger" data-testid="memory-ledger">
      <button type="button" className="ledger-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {usedLabel(used, ledger.isSuccess ? injected.length : null)}
      </button>
      {open && (
        <div className="ledger-panel">
          {ledger.isPending && <p className="muted">Loading…</p>}
          {ledger.error && <p className="form-error">{ledger.error.message}</p>}
          {injected.length > 0 && (
            <ul className="ledger-list">
              {injected.map((e) => (
                <li key={e.memoryId} data-testid="ledger-used">
                  <span className="ledger-summary">{e.summary}</span>{' '}
                  <span className="muted">
                    {memoryWord(e.type, e.kind)} · {(e.occurredAt ?? e.createdAt).toISOString().slice(0, 10)} · <SourceLink entry={e} />
                  </span>
                  <ScoreParts entry={e} />
                  <span className="ledger-actions">
                    <button
                      type="button"
                      className="ghost"
                      disabled={e.markedNotRelevant || notRelevant.isPending}
                      onClick={() => notRelevant.mutate({ messageId, memoryId: e.memoryId })}
                    >
                      {e.markedNotRelevant ? 'marked not relevant' : 'not relevant'}
                    </button>
                    <Link href={`/settings/memory?focus=${e.memoryId}`}>edit</Link>
                    <button
                      type="button"
                      className="ghost danger"
                      disabled={forget.isPending}
                      onClick={() => {
                        if (window.confirm(`Forget “${e.summary}”? This deletes it and its history.`)) forget.mutate({ memoryId: e.memoryId });
                      }}
                    >
                      forget
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {ledger.isSuccess && injected.length === 0 && (
            <p className="muted">{used > 0 ? 'The memories used for this answer have since been deleted.' : 'No memory was used for this answer.'}</p>
          )}
          {others.length > 0 && (
            <>
              <button type="button" className="ledger-toggle" aria-expanded={whyNot} onClick={() => setWhyNot(!whyNot)}>
                why not the other {others.length}?
              </button>
              {whyNot && (
                <ul className="ledger-list ledger-why-not">
                  {others.map((e) => (
                    <li key={e.memoryId} data-testid="ledger-not-used">
                      <span className="ledger-summary">{e.summary}</span>{' '}
                      <span className="muted">
                        {OUTCOME_LABEL[e.outcome]}
                        {e.detail ? ` (${e.detail})` : ''}
                      </span>
                      <ScoreParts entry={e} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
