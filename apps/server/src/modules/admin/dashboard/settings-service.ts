import { type AdminSettings, DEFAULT_ADMIN_SETTINGS } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import type { AdminSettingsRepo, AdminSettingsRow } from './settings-repo.js';

function fromRow(row: AdminSettingsRow | undefined): AdminSettings {
  if (!row) return { ...DEFAULT_ADMIN_SETTINGS };
  return {
    layout: row.layout,
    sidebar: row.sidebar,
    theme: row.theme,
    mini_sidebar: row.mini_sidebar === 1,
    sticky_header: row.sticky_header === 1,
  };
}

/** The admin shell's settings side panel, kept per admin (a personal preference: not audited). */
export class AdminSettingsService {
  constructor(
    private readonly repo: AdminSettingsRepo,
    private readonly clock: Clock,
  ) {}

  async get(userId: number): Promise<AdminSettings> {
    return fromRow(await this.repo.find(userId));
  }

  async update(userId: number, changes: Partial<AdminSettings>): Promise<AdminSettings> {
    const next = { ...(await this.get(userId)), ...changes };
    await this.repo.upsert({
      user_id: userId,
      layout: next.layout,
      sidebar: next.sidebar,
      theme: next.theme,
      mini_sidebar: next.mini_sidebar ? 1 : 0,
      sticky_header: next.sticky_header ? 1 : 0,
      updated_at: this.clock.now().toISOString(),
    });
    return next;
  }

  async reset(userId: number): Promise<AdminSettings> {
    await this.repo.delete(userId);
    return { ...DEFAULT_ADMIN_SETTINGS };
  }
}
