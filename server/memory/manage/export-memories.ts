import 'server-only';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserDb } from '../../../db/boundary';
import { auditLog, memories, memorySources, memoryVersions } from '../../../db/schema';
import type { ExportedMemory, ExportFile, exportOutput } from './schemas';

type ExportFormat = 'json' | 'markdown';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Map.groupBy is ES2024; the project targets an older lib. */
function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Everything the user's memory holds, every status, in the documented `mindbase.memories` v1 shape; never vectors. */
async function collect(db: UserDb): Promise<ExportFile> {
  return db.run(async (tx) => {
    const [rows, sources, versions] = await Promise.all([
      tx.select().from(memories).orderBy(asc(memories.createdAt), asc(memories.id)),
      tx.select().from(memorySources).orderBy(asc(memorySources.createdAt)),
      tx.select().from(memoryVersions).orderBy(asc(memoryVersions.version)),
    ]);
    const sourcesOf = groupBy(sources, (s) => s.memoryId);
    const versionsOf = groupBy(versions, (v) => v.memoryId);
    const exported: ExportedMemory[] = rows.map((m) => ({
      id: m.id,
      type: m.type,
      kind: m.kind,
      summary: m.summary,
      entities: m.entities,
      importance: m.importance,
      confidence: m.confidence,
      origin: m.origin,
      validity: m.validity,
      validUntil: iso(m.validUntil),
      sensitive: m.sensitive,
      status: m.status,
      pinned: m.pinned,
      occurredAt: iso(m.occurredAt),
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
      sources: (sourcesOf.get(m.id) ?? []).map((s) => ({ quote: s.quote, conversationId: s.conversationId, messageId: s.messageId })),
      versions: (versionsOf.get(m.id) ?? []).map((v) => ({
        version: v.version,
        actor: v.actor,
        reason: v.reason,
        oldSummary: v.oldSummary,
        newSummary: v.newSummary,
        oldStatus: v.oldStatus,
        newStatus: v.newStatus,
        createdAt: v.createdAt.toISOString(),
      })),
    }));
    await tx.insert(auditLog).values({ userId: db.userId, actor: 'user', action: 'memory.exported', detail: { count: exported.length } });
    return { format: 'mindbase.memories', version: 1, exportedAt: new Date().toISOString(), memories: exported };
  });
}

const STATUS_ORDER = ['active', 'candidate', 'conflicted', 'archived', 'superseded', 'merged', 'forgotten'] as const;

/** A readable copy: grouped by status then type, each item with its facts and sources. */
function toMarkdown(file: ExportFile): string {
  const lines = [`# My Mindbase memories`, '', `Exported ${file.exportedAt} · ${file.memories.length} memories`, ''];
  for (const status of STATUS_ORDER) {
    const items = file.memories.filter((m) => m.status === status);
    if (items.length === 0) continue;
    lines.push(`## ${status[0]?.toUpperCase()}${status.slice(1)} (${items.length})`, '');
    for (const [type, group] of groupBy(items, (m) => m.type)) {
      lines.push(`### ${type}`, '');
      for (const m of group) {
        const facts = [m.kind, `importance ${m.importance}/5`, `${m.confidence} confidence`, m.pinned ? 'pinned' : null, m.sensitive ? 'sensitive' : null]
          .filter((f) => f !== null)
          .join(' · ');
        lines.push(`- **${m.summary.replace(/\s+/g, ' ')}** — ${facts}`);
        lines.push(`  - created ${m.createdAt.slice(0, 10)}${m.occurredAt ? `, happened ${m.occurredAt.slice(0, 10)}` : ''}${m.validUntil ? `, valid until ${m.validUntil.slice(0, 10)}` : ''}`);
        if (m.entities.length > 0) lines.push(`  - about: ${m.entities.join(', ')}`);
        for (const s of m.sources) lines.push(`  - source: > ${s.quote.replace(/\s+/g, ' ')}`);
        if (m.versions.length > 1) lines.push(`  - ${m.versions.length} versions`);
      }
      lines.push('');
    }
  }
  return lines.join('\n');
}

export async function exportMemories(db: UserDb, format: ExportFormat): Promise<z.output<typeof exportOutput>> {
  const file = await collect(db);
  const date = file.exportedAt.slice(0, 10);
  if (format === 'markdown') {
    return { filename: `mindbase-memories-${date}.md`, contentType: 'text/markdown; charset=utf-8', body: toMarkdown(file), count: file.memories.length };
  }
  return { filename: `mindbase-memories-${date}.json`, contentType: 'application/json', body: JSON.stringify(file, null, 2), count: file.memories.length };
}
