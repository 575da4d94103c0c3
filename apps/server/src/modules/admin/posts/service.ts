import {
  keywordSchema,
  type Post,
  type PostFields,
  type PostTranslation,
  type PostTranslationBody,
  type PostUpdate,
} from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { cleanRichText, excerptOf, toPlainText } from '../../../lib/rich-text.js';
import { randomToken } from '../../../lib/tokens.js';
import type { AuditActor, AuditService } from '../../../platform/audit/service.js';
import { reencodeImage } from '../../../platform/images.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { KnownLanguages } from '../legal/service.js';
import type { PostRepo, PostRow, PostTranslationRow } from './repo.js';

const COVER_SIZE = { width: 1600, height: 900, fit: 'inside' } as const;

type Actor = Exclude<AuditActor, number | null | undefined>;

/** Dates arrive with any offset; they are stored as UTC ISO strings so they compare as text. */
function toUtc(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (value === '') return null;
  return new Date(value).toISOString();
}

/** What the audit log keeps of a post (the body can be long: its length stands in for it). */
function auditView(row: PostRow | undefined) {
  if (!row) return null;
  return {
    title: row.title,
    status: row.status,
    publish_at: row.publish_at,
    cover: row.cover,
    body_length: row.body.length,
  };
}

const presentTranslation = (row: PostTranslationRow): PostTranslation => ({
  language: row.language,
  title: row.title,
  body: row.body,
  updated_at: row.updated_at,
});

export class PostService {
  constructor(
    private readonly posts: PostRepo,
    private readonly storage: MediaStorage,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly languages: KnownLanguages,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  /** The post as the public reads it, with its title and body in `texts` where given (a translation). */
  private toPost(row: PostRow, texts?: PostTranslationRow): Post {
    const name = [row.author_first_name, row.author_last_name].filter(Boolean).join(' ');
    const body = texts?.body || row.body;
    return {
      post_id: row.post_id,
      title: texts?.title || row.title,
      cover: this.storage.publicUrl(row.cover),
      body,
      excerpt: excerptOf(body),
      status: row.status,
      publish_at: row.publish_at,
      visible: row.status === 'published' && row.publish_at !== null && row.publish_at <= this.now(),
      author: row.author,
      author_name: name || null,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /**
   * Published posts whose publish date has passed, newest first: the landing page and the news page; in
   * `language` where translated into it.
   */
  async listPublic(page: number, pageSize: number, language?: string) {
    const now = this.now();
    const { rows, total } = await this.posts.list({
      visibleAt: now,
      now,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const texts = language
      ? await this.posts.translationsIn(
          rows.map((row) => row.post_id),
          language.toLowerCase(),
        )
      : undefined;
    return { items: rows.map((row) => this.toPost(row, texts?.get(row.post_id))), total, page, pageSize };
  }

  async getPublic(postId: number, language?: string): Promise<Post> {
    const row = await this.posts.findById(postId);
    if (row?.status !== 'published' || row.publish_at === null || row.publish_at > this.now()) {
      throw notFound('This post does not exist');
    }
    const texts = language ? await this.posts.translationsIn([postId], language.toLowerCase()) : undefined;
    return this.toPost(row, texts?.get(postId));
  }

  async translations(postId: number): Promise<PostTranslation[]> {
    await this.requireRow(postId);
    return (await this.posts.translationsOf(postId)).map(presentTranslation);
  }

  /** Sets the post's title (plain text) and body (cleaned as the post's own) in a language the site has. */
  async saveTranslation(actor: Actor, postId: number, body: PostTranslationBody): Promise<PostTranslation[]> {
    const language = await this.language(body.language);
    const before = (await this.translations(postId)).find((row) => row.language === language) ?? null;
    const row: PostTranslationRow = {
      post_id: postId,
      language,
      title: this.cleanTitle(body.title),
      body: cleanRichText(body.body ?? ''),
      updated_at: this.now(),
    };
    await this.posts.upsertTranslation(row);
    await this.audit.record(actor, 'set_translation', 'post', postId, before, presentTranslation(row));
    return this.translations(postId);
  }

  /** The post goes back to its own texts in that language. */
  async removeTranslation(actor: Actor, postId: number, keyword: string): Promise<PostTranslation[]> {
    const language = await this.language(keyword);
    const before = (await this.translations(postId)).find((row) => row.language === language);
    if (!before || !(await this.posts.removeTranslation(postId, language)))
      throw notFound('This post has no translation into that language');
    await this.audit.record(actor, 'delete_translation', 'post', postId, before, null);
    return this.translations(postId);
  }

  /** A language keyword the site has, in lower case, as translations are stored and matched. */
  private async language(keyword: string): Promise<string> {
    const known = keywordSchema.safeParse(keyword).success && (await this.languages.findByKeyword(keyword));
    if (!known) throw notFound('There is no language with this keyword');
    return keyword.toLowerCase();
  }

  async listAdmin(query: {
    page: number;
    pageSize: number;
    status?: 'draft' | 'published' | 'scheduled' | undefined;
    search?: string | undefined;
  }) {
    const { rows, total } = await this.posts.list({
      status: query.status,
      search: query.search,
      now: this.now(),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map((row) => this.toPost(row)), total, page: query.page, pageSize: query.pageSize };
  }

  async getAdmin(postId: number): Promise<Post> {
    return this.toPost(await this.requireRow(postId));
  }

  async create(actor: Actor, fields: PostFields, cover: Buffer | undefined): Promise<Post> {
    const title = this.cleanTitle(fields.title);
    const status = fields.status ?? 'draft';
    const coverKey = cover ? await this.storeCover(cover) : null;
    const now = this.now();
    let postId: number;
    try {
      postId = await this.posts.insert({
        title,
        body: cleanRichText(fields.body),
        cover: coverKey,
        status,
        publish_at: toUtc(fields.publish_at) ?? (status === 'published' ? now : null),
        author: actor.user_id,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      await this.storage.remove(coverKey);
      throw error;
    }
    const row = (await this.posts.findById(postId))!;
    await this.audit.record(actor, 'create', 'post', postId, null, auditView(row));
    return this.toPost(row);
  }

  async update(actor: Actor, postId: number, fields: PostUpdate, cover: Buffer | undefined): Promise<Post> {
    const before = await this.requireRow(postId);
    const status = fields.status ?? before.status;
    let publishAt = fields.publish_at === undefined ? before.publish_at : (toUtc(fields.publish_at) ?? null);
    if (status === 'published' && publishAt === null) publishAt = this.now();
    const coverKey = cover ? await this.storeCover(cover) : before.cover;
    try {
      await this.posts.update(postId, {
        ...(fields.title !== undefined ? { title: this.cleanTitle(fields.title) } : {}),
        ...(fields.body !== undefined ? { body: cleanRichText(fields.body) } : {}),
        status,
        publish_at: publishAt,
        cover: coverKey,
        updated_at: this.now(),
      });
    } catch (error) {
      if (coverKey !== before.cover) await this.storage.remove(coverKey);
      throw error;
    }
    if (coverKey !== before.cover) await this.storage.remove(before.cover);
    return this.afterChange(actor, 'update', before);
  }

  async setCover(actor: Actor, postId: number, cover: Buffer): Promise<Post> {
    return this.update(actor, postId, {}, cover);
  }

  async removeCover(actor: Actor, postId: number): Promise<Post> {
    const before = await this.requireRow(postId);
    await this.posts.update(postId, { cover: null, updated_at: this.now() });
    await this.storage.remove(before.cover);
    return this.afterChange(actor, 'update', before);
  }

  /** Publishes at once, or at `publishAt`; a post already scheduled for later keeps its date. */
  async publish(actor: Actor, postId: number, publishAt: string | undefined): Promise<Post> {
    const before = await this.requireRow(postId);
    const now = this.now();
    const keepSchedule = before.publish_at !== null && before.publish_at > now;
    await this.posts.update(postId, {
      status: 'published',
      publish_at: toUtc(publishAt) ?? (keepSchedule ? before.publish_at : now),
      updated_at: now,
    });
    return this.afterChange(actor, 'publish', before);
  }

  async unpublish(actor: Actor, postId: number): Promise<Post> {
    const before = await this.requireRow(postId);
    await this.posts.update(postId, { status: 'draft', updated_at: this.now() });
    return this.afterChange(actor, 'unpublish', before);
  }

  async delete(actor: Actor, postId: number): Promise<void> {
    const before = await this.requireRow(postId);
    await this.posts.delete(postId);
    await this.storage.remove(before.cover);
    await this.audit.record(actor, 'delete', 'post', postId, auditView(before), null);
  }

  private async afterChange(actor: Actor, action: string, before: PostRow): Promise<Post> {
    const after = (await this.posts.findById(before.post_id))!;
    await this.audit.record(actor, action, 'post', before.post_id, auditView(before), auditView(after));
    return this.toPost(after);
  }

  private cleanTitle(input: string): string {
    const title = toPlainText(input);
    if (!title) throw badRequest('Some fields are not valid', { title: 'Enter the title as plain text' });
    return title.slice(0, 200);
  }

  private async requireRow(postId: number): Promise<PostRow> {
    const row = await this.posts.findById(postId);
    if (!row) throw notFound('This post does not exist');
    return row;
  }

  private async storeCover(upload: Buffer): Promise<string> {
    const image = await reencodeImage(upload, 'cover', COVER_SIZE);
    const key = `posts/${randomToken(12)}.webp`;
    await this.storage.put(key, image);
    return key;
  }
}
