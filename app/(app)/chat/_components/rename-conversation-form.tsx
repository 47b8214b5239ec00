'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import { config } from '@/server/config';
import type { ConversationSummary } from './conversation-groups';

const TITLE_MAX = config.chat.titleMaxChars;

/** The title turned into a text field: Enter or leaving the field saves, Escape cancels. */
export function RenameConversationForm({ conversation, onDone }: { conversation: ConversationSummary; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(conversation.title ?? '');
  const [error, setError] = useState<string | null>(null);
  // Escape unmounts the field, and a blur may still fire on the way out; it must not save.
  const cancelled = useRef(false);

  const rename = useMutation(
    trpc.conversations.rename.mutationOptions({
      // Keep the field (showing the new title) until the list has it, so the old title never flashes back.
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.conversations.list.pathFilter());
        onDone();
      },
      onError: (err) => setError(err.data?.zodIssues?.[0]?.message ?? err.message),
    }),
  );

  function save() {
    if (cancelled.current || rename.isPending) return;
    const title = value.trim();
    if (title === (conversation.title ?? '')) return onDone();
    if (title === '') return setError('A title cannot be empty.');
    rename.mutate({ id: conversation.id, title });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save();
  }

  return (
    <form className="rename-form" onSubmit={onSubmit}>
      <input
        aria-label="Conversation title"
        placeholder="Title"
        aria-invalid={error !== null}
        aria-describedby={error ? `rename-error-${conversation.id}` : undefined}
        value={value}
        maxLength={TITLE_MAX}
        disabled={rename.isPending}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            cancelled.current = true;
            onDone();
          }
        }}
        onBlur={save}
      />
      {error && (
        <p id={`rename-error-${conversation.id}`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
