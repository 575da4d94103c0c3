import {
  DEFAULT_LANGUAGE_KEYWORD,
  keywordSchema,
  type LegalAdminReply,
  type LegalPageName,
  type LegalText,
  type LegalTextBody,
  legalPageSchema,
} from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { cleanRichText, toPlainText } from '../../../lib/rich-text.js';
import type { AuditService } from '../../../platform/audit/service.js';
import type { LegalPageRepo, LegalRow } from './repo.js';

/** The languages there are (the languages module's): a text is written only for one of them. */
export interface KnownLanguages {
  findByKeyword(keyword: string): Promise<object | undefined>;
}

/** A seeded text: page, language keyword, title and rich-text body. */
export interface LegalSeed {
  page: LegalPageName;
  language: string;
  title: string;
  body: string;
}

/** The page an address names, or a 404. */
function pageNamed(name: string): LegalPageName {
  const page = legalPageSchema.safeParse(name);
  if (!page.success) throw notFound('There is no such page');
  return page.data;
}

const present = (row: LegalRow): LegalText => ({
  page: row.page as LegalPageName,
  language: row.language,
  title: row.title,
  body: row.body,
  updated_at: row.updated_at,
});

/** What the audit log keeps of a text (a body can be long: its length stands in for it). */
const auditView = (row: LegalRow | undefined) =>
  row ? { title: row.title, body_length: row.body.length, updated_at: row.updated_at } : null;

/** Terms of use and privacy: read by anyone in their language (else the default one), written by admins. */
export class LegalService {
  constructor(
    private readonly pages: LegalPageRepo,
    private readonly languages: KnownLanguages,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async read(name: string, keyword: string | undefined): Promise<LegalText> {
    const page = pageNamed(name);
    const fallback = DEFAULT_LANGUAGE_KEYWORD.toLowerCase();
    const wanted = keyword?.toLowerCase() ?? fallback;
    const row =
      (await this.pages.find(page, wanted)) ??
      (wanted === fallback ? undefined : await this.pages.find(page, fallback));
    if (!row) throw notFound('This page has not been written yet');
    return present(row);
  }

  async listForAdmin(name: string): Promise<LegalAdminReply> {
    const page = pageNamed(name);
    return { page, texts: (await this.pages.list(page)).map(present) };
  }

  /** Writes a page in one language: the title as plain text, the body cleaned by the rich-text policy. */
  async write(
    actor: { user_id: number },
    name: string,
    keyword: string,
    input: LegalTextBody,
  ): Promise<LegalText> {
    const page = pageNamed(name);
    const known = keywordSchema.safeParse(keyword).success && (await this.languages.findByKeyword(keyword));
    if (!known) throw notFound('There is no language with this keyword');
    const title = toPlainText(input.title).slice(0, 200);
    const body = cleanRichText(input.body);
    const fields: Record<string, string> = {};
    if (!title) fields.title = 'Enter the title as plain text';
    if (!body) fields.body = 'Enter the text';
    if (Object.keys(fields).length > 0) throw badRequest('Some fields are not valid', fields);
    const language = keyword.toLowerCase();
    const before = await this.pages.find(page, language);
    const row: LegalRow = {
      page,
      language,
      title,
      body,
      updated_by: actor.user_id,
      updated_at: this.clock.now().toISOString(),
    };
    await this.pages.put(row);
    await this.audit.record(
      actor,
      before ? 'update' : 'create',
      'legal_page',
      `${page}:${language}`,
      auditView(before),
      auditView(row),
    );
    return present(row);
  }

  /** The first start's texts, on an empty table (an admin's edits are never overwritten). */
  async seedDefaults(texts: readonly LegalSeed[]): Promise<boolean> {
    if (!(await this.pages.isEmpty())) return false;
    const now = this.clock.now().toISOString();
    for (const text of texts) {
      await this.pages.put({
        page: text.page,
        language: text.language.toLowerCase(),
        title: text.title,
        body: cleanRichText(text.body),
        updated_by: null,
        updated_at: now,
      });
    }
    return true;
  }
}
