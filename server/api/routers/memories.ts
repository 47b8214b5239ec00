import 'server-only';
import { z } from 'zod';
import { configuredEmbedder } from '../../models';
import type { Embedder } from '../../memory/embedder';
import { activityLog } from '../../memory/manage/activity-log';
import { memoriesAsOf } from '../../memory/manage/as-of';
import { deleteAllMemories, deleteAllStatus } from '../../bulk/delete-all-memories';
import { deleteOneMemory, previewDeleteMemory } from '../../memory/manage/delete-one-memory';
import { editMemory } from '../../memory/manage/edit-memory';
import { exportMemories } from '../../memory/manage/export-memories';
import { getMemory } from '../../memory/manage/get-memory';
import { previewAssistantImport, startAssistantImport } from '../../bulk/import-from-assistant';
import { previewAssistantImportInput, previewAssistantImportOutput, saveAssistantImportInput } from '../../memory/manage/assistant-import/schemas';
import { importStatus, startImport } from '../../bulk/import-memories';
import { listMemories } from '../../memory/manage/list-memories';
import { memoryHistory, revertMemory } from '../../memory/manage/memory-history';
import { memoryOverview } from '../../memory/manage/memory-overview';
import { reviewCount } from '../../memory/manage/review-count';
import {
  activityInput,
  activityPage,
  asOfInput,
  asOfOutput,
  deleteAllInput,
  deleteAllOutput,
  deleteReceipt,
  editMemoryInput,
  exportInput,
  exportOutput,
  historyEntry,
  importInput,
  importOutput,
  listMemoriesInput,
  memoryDetail,
  memoryItem,
  memoryPage,
  memoryRef,
  overviewOutput,
  resolveConflictInput,
  reviewCountOutput,
  revertInput,
} from '../../memory/manage/schemas';
import { confirmCandidate, rejectCandidate, resolveConflict, restoreArchived, setPinned } from '../../memory/manage/set-memory-status';
import { createRouter, protectedProcedure } from '../trpc';

/**
 * The memory settings page (SPEC §7): every procedure is one call into server/memory/manage.
 * The embedder is injected so tests use a small local model; production uses the configured one.
 */
export function createMemoriesRouter(embedder: () => Embedder) {
  return createRouter({
    list: protectedProcedure.input(listMemoriesInput).output(memoryPage).query(({ ctx, input }) => listMemories(ctx.db, input)),
    get: protectedProcedure.input(memoryRef).output(memoryDetail).query(({ ctx, input }) => getMemory(ctx.db, input.id)),
    edit: protectedProcedure
      .input(editMemoryInput)
      .output(memoryItem)
      .mutation(({ ctx, input }) => editMemory(ctx.db, input, embedder())),
    pin: protectedProcedure.input(memoryRef).output(memoryItem).mutation(({ ctx, input }) => setPinned(ctx.db, input.id, true)),
    unpin: protectedProcedure.input(memoryRef).output(memoryItem).mutation(({ ctx, input }) => setPinned(ctx.db, input.id, false)),
    confirm: protectedProcedure
      .input(memoryRef)
      .output(memoryItem)
      .mutation(({ ctx, input }) => confirmCandidate(ctx.db, input.id, embedder())),
    reject: protectedProcedure.input(memoryRef).output(memoryItem).mutation(({ ctx, input }) => rejectCandidate(ctx.db, input.id)),
    resolveConflict: protectedProcedure
      .input(resolveConflictInput)
      .output(z.object({ kept: memoryItem, dropped: memoryItem }))
      .mutation(({ ctx, input }) => resolveConflict(ctx.db, input.keepId, input.dropId, embedder())),
    restore: protectedProcedure
      .input(memoryRef)
      .output(memoryItem)
      .mutation(({ ctx, input }) => restoreArchived(ctx.db, input.id, embedder())),
    /** What a delete would remove, for the confirmation dialog. */
    deletePreview: protectedProcedure.input(memoryRef).output(deleteReceipt).query(({ ctx, input }) => previewDeleteMemory(ctx.db, input.id)),
    delete: protectedProcedure.input(memoryRef).output(deleteReceipt).mutation(({ ctx, input }) => deleteOneMemory(ctx.db, input.id)),
    /** Hides every memory at once; a background job removes them (deleteAllStatus follows it). */
    deleteAll: protectedProcedure.input(deleteAllInput).output(deleteAllOutput).mutation(({ ctx }) => deleteAllMemories(ctx.db, ctx.jobs)),
    deleteAllStatus: protectedProcedure.output(deleteAllOutput.nullable()).query(({ ctx }) => deleteAllStatus(ctx.db)),
    history: protectedProcedure.input(memoryRef).output(z.array(historyEntry)).query(({ ctx, input }) => memoryHistory(ctx.db, input.id)),
    revert: protectedProcedure
      .input(revertInput)
      .output(memoryItem)
      .mutation(({ ctx, input }) => revertMemory(ctx.db, input, embedder())),
    overview: protectedProcedure.output(overviewOutput).query(({ ctx }) => memoryOverview(ctx.db)),
    /** The count badge on the navigation link to this page. */
    reviewCount: protectedProcedure.output(reviewCountOutput).query(({ ctx }) => reviewCount(ctx.db)),
    /** What the assistant believed at a past moment: the versions active then. */
    asOf: protectedProcedure.input(asOfInput).output(asOfOutput).query(({ ctx, input }) => memoriesAsOf(ctx.db, input.at)),
    activity: protectedProcedure.input(activityInput).output(activityPage).query(({ ctx, input }) => activityLog(ctx.db, input)),
    /** A mutation, not a query: exporting is audited (SPEC §7). */
    export: protectedProcedure
      .input(exportInput)
      .output(exportOutput)
      .mutation(({ ctx, input }) => exportMemories(ctx.db, input.format)),
    /** Validates and stages the file, then a background job writes it (importStatus follows it). */
    import: protectedProcedure
      .input(importInput)
      .output(importOutput)
      .mutation(({ ctx, input }) => startImport(ctx.db, input.json, ctx.jobs)),
    importStatus: protectedProcedure.output(importOutput.nullable()).query(({ ctx }) => importStatus(ctx.db)),
    /**
     * Issue 15: what a list pasted from ChatGPT, Claude or Gemini would become. A mutation, not a
     * query: the text (up to config.bulk.assistantImport.maxChars) does not belong in a URL.
     */
    previewAssistantImport: protectedProcedure
      .input(previewAssistantImportInput)
      .output(previewAssistantImportOutput)
      .mutation(({ ctx, input }) => previewAssistantImport(ctx.db, input)),
    /** Reads the same text again and saves it but the skipped items, as an import job (importStatus follows it). */
    saveAssistantImport: protectedProcedure
      .input(saveAssistantImportInput)
      .output(importOutput)
      .mutation(({ ctx, input }) => startAssistantImport(ctx.db, input, ctx.jobs)),
  });
}

export const memoriesRouter = createMemoriesRouter(configuredEmbedder);
