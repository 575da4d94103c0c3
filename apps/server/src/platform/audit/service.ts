/**
 * The audit log: who changed what, when, with the record before and after.
 *
 * Any module records an admin's change with one call after the change succeeded:
 *
 *   await audit.record(request.viewer, 'update', 'post', post.post_id, before, after);
 *
 * - actor: the signed-in admin (`{ user_id }`, such as `request.viewer`) or a user id; null for the system.
 * - action: a short verb (`create`, `update`, `delete`, `publish`, `answer`, `export`, ...).
 * - entity: the kind of record (`post`, `feedback`, `notification`, `title`, `language`, `user`, ...).
 * - id: the record's id (number or string), or null.
 * - before / after: plain objects (stored as JSON; secrets such as password hashes are dropped), or null for
 *   a create (before) or a delete (after).
 *
 * `GET /api/admin/audit?actor=me|<user_id>&entity=&page=` lists the trail newest first.
 */
import type { AuditEntry } from '@salomtv/contract';
import type { Clock } from '../../lib/clock.js';
import type { AuditRepo, AuditRow } from './repo.js';

export type AuditActor = { user_id: number } | number | null | undefined;

/** Keys never written to the log, wherever they appear. */
const SECRET_KEYS = /password|hash|token|secret/i;
const MAX_JSON = 20_000;

function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (depth > 5) return '[nested]';
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (!SECRET_KEYS.test(key)) out[key] = redact(item, depth + 1);
    }
    return out;
  }
  return value;
}

function toJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(redact(value));
  return text.length > MAX_JSON
    ? JSON.stringify({ truncated: true, preview: text.slice(0, MAX_JSON) })
    : text;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class AuditService {
  constructor(
    private readonly repo: AuditRepo,
    private readonly clock: Clock,
  ) {}

  async record(
    actor: AuditActor,
    action: string,
    entity: string,
    id: number | string | null,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    const actorUserId =
      actor === null || actor === undefined ? null : typeof actor === 'number' ? actor : actor.user_id;
    await this.repo.insert({
      actor_user_id: actorUserId,
      action: action.slice(0, 40),
      entity: entity.slice(0, 40),
      entity_id: id === null ? null : String(id).slice(0, 64),
      before: toJson(before),
      after: toJson(after),
      created_at: this.clock.now().toISOString(),
    });
  }

  async list(query: {
    actorUserId?: number | undefined;
    entity?: string | undefined;
    page: number;
    pageSize: number;
  }) {
    const { rows, total } = await this.repo.list({
      actorUserId: query.actorUserId,
      entity: query.entity,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map(toEntry), total, page: query.page, pageSize: query.pageSize };
  }
}

function toEntry(row: AuditRow): AuditEntry {
  const name = [row.actor_first_name, row.actor_last_name].filter(Boolean).join(' ') || row.actor_phone;
  return {
    audit_id: row.audit_id,
    actor_user_id: row.actor_user_id,
    actor_name: name ?? null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: parseJson(row.before),
    after: parseJson(row.after),
    created_at: row.created_at,
  };
}
