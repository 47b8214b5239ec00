'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import type { MemoryNotice } from '@/server/memory/notices/schemas';

const LABEL: Record<MemoryNotice['kind'], string> = {
  saved: 'Saved',
  updated: 'Updated',
  review: 'Needs your review',
  forgot: 'Forgot',
  refused: 'Not saved',
};

const UNDONE: Record<string, string> = {
  deleted: 'Undone: deleted',
  rejected: 'Undone: rejected',
  restored: 'Undone: the earlier memory is back',
  reverted: 'Undone: changed back',
};

function line(notice: MemoryNotice): string {
  const was = notice.was ? ` (was ${notice.was})` : '';
  return `${LABEL[notice.kind]}: ${notice.summary}${was}`;
}

function NoticeRow({ replyId, notice, onChanged }: { replyId: string; notice: MemoryNotice; onChanged: () => void }) {
  const trpc = useTRPC();
  const [undone, setUndone] = useState<string | null>(null);
  const undo = useMutation(
    trpc.notices.undo.mutationOptions({
      onSuccess: (result) => {
        setUndone(UNDONE[result.undone] ?? 'Undone');
        onChanged();
      },
    }),
  );
  const memoryId = notice.memoryId;
  return (
    <li className="memory-notice" data-testid="chat-memory-notice" data-kind={notice.kind} data-undone={undone !== null || undefined}>
      <span className={undone ? 'memory-notice-text memory-notice-undone' : 'memory-notice-text'}>{line(notice)}</span>
      {undone ? (
        <span className="memory-notice-status" role="status">
          {undone}
        </span>
      ) : (
        <span className="memory-notice-actions">
          {notice.kind === 'forgot' && <span className="muted">deleted for good</span>}
          {!notice.current && memoryId && <span className="muted">changed since</span>}
          {notice.undo && memoryId && (
            <button type="button" className="link-button" disabled={undo.isPending} onClick={() => undo.mutate({ messageId: replyId, memoryId })}>
              Undo
            </button>
          )}
          {memoryId && notice.current && notice.kind === 'review' && (
            <Link href={`/settings/memory?focus=${memoryId}`} className="link-button">
              Review
            </Link>
          )}
          {memoryId && notice.current && notice.kind !== 'review' && (
            <Link href={`/settings/memory?focus=${memoryId}`} className="link-button">
              Edit
            </Link>
          )}
        </span>
      )}
      {undo.error && (
        <span className="form-error" role="alert">
          {undo.error.message}
        </span>
      )}
    </li>
  );
}

/**
 * One compact line per memory change a turn made, under its reply (issue 15), each with Undo
 * (decided and carried out on the server, versioned or a hard delete) and Edit or Review.
 */
export function MemoryNotices({ replyId, notices }: { replyId: string; notices: MemoryNotice[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // An undo changes what the notices, the ledger, the review badge and the memory page show.
  const onChanged = () => {
    void queryClient.invalidateQueries(trpc.memories.pathFilter());
    void queryClient.invalidateQueries(trpc.recall.pathFilter());
  };
  if (notices.length === 0) return null;
  return (
    <ul className="memory-notices memory-notices-turn" aria-label="Memory changes from this turn">
      {notices.map((n) => (
        <NoticeRow key={n.key} replyId={replyId} notice={n} onChanged={onChanged} />
      ))}
    </ul>
  );
}
