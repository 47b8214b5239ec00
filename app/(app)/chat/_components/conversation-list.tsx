'use client';

import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { groupByRecency, type ConversationSummary } from './conversation-groups';
import { ConversationItem } from './conversation-item';
import { DeleteConversationDialog } from './delete-conversation-dialog';
import { useConversationPages } from './use-conversation-pages';

/** The signed-in user's conversations, newest first, filtered by `search`, a page at a time. */
export function ConversationList({ search }: { search: string }) {
  const pathname = usePathname();
  const [pendingDelete, setPendingDelete] = useState<ConversationSummary | null>(null);
  const query = useConversationPages(search);

  let body;
  if (query.isPending) {
    body = <p className="sidebar-note">Loading conversations…</p>;
  } else if (query.isError) {
    body = (
      <div className="sidebar-note">
        <p>Could not load your conversations.</p>
        <button type="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    const items = query.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <p className="sidebar-note">{search ? `No conversations match “${search}”.` : 'No conversations yet.'}</p>
      ) : (
        groupByRecency(items, new Date()).map((group) => (
          <section key={group.label} className="conversation-group">
            <h2 className="conversation-group-label">{group.label}</h2>
            <ul>
              {group.items.map((conversation) => (
                <ConversationItem
                  key={conversation.id}
                  conversation={conversation}
                  active={pathname === `/chat/${conversation.id}`}
                  onDelete={setPendingDelete}
                />
              ))}
            </ul>
          </section>
        ))
      );
  }

  return (
    <>
      <nav className="conversation-list" aria-label="Conversations" aria-busy={query.isFetching} data-testid="conversation-list">
        {body}
        {query.hasNextPage && (
          <button type="button" className="load-more" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
      </nav>
      <DeleteConversationDialog conversation={pendingDelete} onClose={() => setPendingDelete(null)} />
    </>
  );
}
