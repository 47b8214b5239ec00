'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useTRPC } from '@/app/_lib/trpc';
import { conversationTitle, type ConversationSummary } from './conversation-groups';

interface DeleteConversationDialogProps {
  /** The conversation to confirm deleting; null keeps the dialog closed. */
  conversation: ConversationSummary | null;
  onClose: () => void;
}

/** A modal confirmation (native <dialog>: focus trap, Escape and inert background come free). */
export function DeleteConversationDialog({ conversation, onClose }: DeleteConversationDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const dialogRef = useRef<HTMLDialogElement>(null);

  const remove = useMutation(
    trpc.conversations.delete.mutationOptions({
      onSuccess: async ({ id }) => {
        // Deleting the open conversation leaves nothing to show: start a new one instead.
        if (pathname === `/chat/${id}`) router.replace('/chat');
        await queryClient.invalidateQueries(trpc.conversations.list.pathFilter());
        onClose();
      },
    }),
  );
  const { reset } = remove;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (conversation && !dialog.open) {
      reset();
      dialog.showModal();
    }
    if (!conversation && dialog.open) dialog.close();
  }, [conversation, reset]);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby="delete-dialog-title"
      aria-describedby="delete-dialog-description"
      onClose={onClose}
    >
      <h2 id="delete-dialog-title">Delete conversation?</h2>
      <p id="delete-dialog-description">
        &ldquo;{conversation ? conversationTitle(conversation) : ''}&rdquo; and all its messages will be deleted. Memories Mindbase already
        saved from it stay in Memory.
      </p>
      {remove.error && (
        <p className="form-error" role="alert">
          {remove.error.message}
        </p>
      )}
      <div className="dialog-actions">
        {/* First in order, so showModal() focuses it: the safe choice has the focus. */}
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="danger-solid"
          disabled={remove.isPending || !conversation}
          onClick={() => conversation && remove.mutate({ id: conversation.id })}
        >
          Delete
        </button>
      </div>
    </dialog>
  );
}
