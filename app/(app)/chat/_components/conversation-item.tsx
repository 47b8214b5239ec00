'use client';

import Link from 'next/link';
import { useState } from 'react';
import { conversationTitle, type ConversationSummary } from './conversation-groups';
import { PencilIcon, TrashIcon } from './icons';
import { RenameConversationForm } from './rename-conversation-form';

interface ConversationItemProps {
  conversation: ConversationSummary;
  active: boolean;
  onDelete: (conversation: ConversationSummary) => void;
}

export function ConversationItem({ conversation, active, onDelete }: ConversationItemProps) {
  const [renaming, setRenaming] = useState(false);
  const title = conversationTitle(conversation);
  const linkId = `conversation-${conversation.id}`;

  if (renaming) {
    return (
      <li className="conversation-item" data-active={active}>
        <RenameConversationForm conversation={conversation} onDone={() => setRenaming(false)} />
      </li>
    );
  }
  return (
    <li className="conversation-item" data-active={active}>
      <Link id={linkId} href={`/chat/${conversation.id}`} className="conversation-link" aria-current={active ? 'page' : undefined} title={title}>
        {title}
        {conversation.memoryDisabled && (
          <span className="conversation-no-memory" title="Not remembered: nothing said here becomes a memory">
            {' '}
            <span aria-hidden="true">·</span> not remembered
          </span>
        )}
      </Link>
      {/* Same short names on every row; aria-describedby tells a screen reader which conversation. */}
      <div className="conversation-actions">
        <button type="button" className="icon-button" aria-label="Rename" aria-describedby={linkId} title="Rename" onClick={() => setRenaming(true)}>
          <PencilIcon size={15} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Delete"
          aria-describedby={linkId}
          title="Delete"
          onClick={() => onDelete(conversation)}
        >
          <TrashIcon size={15} />
        </button>
      </div>
    </li>
  );
}
