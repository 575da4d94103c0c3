import { randomInt } from 'node:crypto';
import {
  type AdminProfile,
  AVATAR_COUNT,
  DEFAULT_MAX_PROFILES,
  PIN_TRIES,
  PIN_WAIT_MINUTES,
  type Profile,
  type ProfileCreateBody,
  type ProfilesReply,
  type ProfileUpdateBody,
} from '@salomtv/contract';
import type { Updateable } from 'kysely';
import type { ProfilesTable } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, badRequest, conflict, kidsProfileRefused, notFound } from '../../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../../lib/passwords.js';
import { randomToken } from '../../../lib/tokens.js';
import type { AuditActor, AuditService } from '../../../platform/audit/service.js';
import type { EventBus } from '../../../platform/events.js';
import { reencodeImage } from '../../../platform/images.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { LiveSession, SessionUser } from '../../../platform/viewer-session.js';
import type { LanguageDirectory } from '../../languages/module.js';
import type { SessionRepo } from '../auth/session-repo.js';
import { knownLanguageKeyword } from '../settings/language-keyword.js';
import { confirmAccountPassword } from '../settings/password-check.js';
import type { UserRepo } from '../users/repo.js';
import type { ProfileRepo, ProfileRow } from './repo.js';

/** The PINs a profile's switch checks per window before it waits. */
const PIN_RULE = { limit: PIN_TRIES, windowMs: PIN_WAIT_MINUTES * 60_000 };
const pinTriesKey = (profileId: number) => `pin:${profileId}`;

const AVATAR_SIZE = { width: 256, height: 256, fit: 'cover' } as const;
/** How often a profile's "last active" is written at most (every signed-in call could). */
const ACTIVE_WRITE_MS = 5 * 60_000;

/** The profile as its household sees it (never the PIN's hash). */
function present(row: ProfileRow, storage: MediaStorage): Profile {
  return {
    profile_id: row.profile_id,
    name: row.name,
    avatar: row.avatar.startsWith('avatar:') ? row.avatar : (storage.publicUrl(row.avatar) ?? 'avatar:0'),
    language: row.language,
    maturity: row.maturity,
    kids: row.kids === 1,
    autoplay_next: row.autoplay_next === 1,
    autoplay_previews: row.autoplay_previews === 1,
    subtitle_language: row.subtitle_language,
    audio_language: row.audio_language,
    locked: row.pin_hash !== null,
    owner: row.position === 0,
    last_active_at: row.last_active_at,
  };
}

/**
 * Profiles: who in the household is watching. A session is on one profile; switching to a locked one needs its
 * PIN (five wrong tries, then a wait); a kids profile manages none; setting or removing a PIN and the account's
 * maturity limit need the account password. Changing a session's profile ends the streams it was playing; a
 * session whose profile is deleted is on none until it chooses again.
 */
export class ProfileService {
  private readonly lastTouched = new Map<number, number>();

  constructor(
    private readonly profiles: ProfileRepo,
    private readonly sessions: SessionRepo,
    private readonly users: UserRepo,
    private readonly languages: LanguageDirectory,
    private readonly limits: RateLimitService,
    private readonly storage: MediaStorage,
    private readonly audit: AuditService,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  async list(viewer: LiveSession): Promise<ProfilesReply> {
    const [rows, user] = await Promise.all([
      this.profiles.listOf(viewer.user_id),
      this.users.findById(viewer.user_id),
    ]);
    if (!user) throw notFound('This account does not exist');
    return {
      profiles: rows.map((row) => present(row, this.storage)),
      current: viewer.profile_id,
      max: this.maxProfiles(viewer),
      maturity_limit: user.maturity_limit,
      mature_unlocked: viewer.mature_unlocked,
    };
  }

  /** The profile the session is on. */
  async current(viewer: SessionUser): Promise<Profile> {
    return present(await this.requireOwn(viewer.user_id, viewer.profile_id), this.storage);
  }

  async create(viewer: SessionUser, body: ProfileCreateBody): Promise<Profile> {
    this.assertMayManage(viewer);
    const now = this.now();
    const kids = body.kids ?? false;
    const row = await this.profiles.insertWithinLimit(
      {
        user_id: viewer.user_id,
        name: body.name,
        avatar: body.avatar ?? `avatar:${randomInt(AVATAR_COUNT)}`,
        language: body.language ? await this.languageKeyword(body.language) : null,
        maturity: body.maturity ?? (kids ? '7+' : '18+'),
        kids: kids ? 1 : 0,
        autoplay_next: body.autoplay_next === false ? 0 : 1,
        autoplay_previews: body.autoplay_previews === false || kids ? 0 : 1,
        subtitle_language: body.subtitle_language ?? null,
        audio_language: body.audio_language ?? null,
        created_at: now,
        updated_at: now,
      },
      this.maxProfiles(viewer),
    );
    if (!row) {
      const max = this.maxProfiles(viewer);
      throw conflict(`Your plan allows ${max} profile${max === 1 ? '' : 's'}`, {
        name: 'Delete a profile to add another',
      });
    }
    return present(row, this.storage);
  }

  async update(viewer: SessionUser, body: ProfileUpdateBody): Promise<Profile> {
    this.assertMayManage(viewer);
    const row = await this.requireOwn(viewer.user_id, body.profile_id);
    if (row.position === 0 && body.kids === true)
      throw badRequest("The account owner's profile cannot be a kids profile", {
        kids: "The account owner's profile cannot be a kids profile",
      });
    const changes: Updateable<ProfilesTable> = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.avatar !== undefined) changes.avatar = body.avatar;
    if (body.language !== undefined)
      changes.language = body.language === null ? null : await this.languageKeyword(body.language);
    if (body.maturity !== undefined) changes.maturity = body.maturity;
    if (body.kids !== undefined) changes.kids = body.kids ? 1 : 0;
    if (body.autoplay_next !== undefined) changes.autoplay_next = body.autoplay_next ? 1 : 0;
    if (body.autoplay_previews !== undefined) changes.autoplay_previews = body.autoplay_previews ? 1 : 0;
    if (body.subtitle_language !== undefined) changes.subtitle_language = body.subtitle_language;
    if (body.audio_language !== undefined) changes.audio_language = body.audio_language;
    if (Object.keys(changes).length > 0) {
      await this.profiles.update(viewer.user_id, row.profile_id, { ...changes, updated_at: this.now() });
      // A replaced uploaded avatar is removed once the row no longer names it.
      if (changes.avatar !== undefined && !row.avatar.startsWith('avatar:'))
        await this.storage.remove(row.avatar);
    }
    return present(await this.requireOwn(viewer.user_id, row.profile_id), this.storage);
  }

  /**
   * Deletes a profile (never the owner's) with its lists, progress and ratings. The sessions on it go to no profile,
   * their streams end, and they are asked who is watching: never moved onto another profile, which may be locked.
   */
  async delete(viewer: SessionUser, profileId: number): Promise<void> {
    this.assertMayManage(viewer);
    const row = await this.requireOwn(viewer.user_id, profileId);
    if (row.position === 0)
      throw conflict("The account owner's profile cannot be deleted", {
        profile_id: "The account owner's profile cannot be deleted",
      });
    const left = await this.profiles.leaveProfile(viewer.user_id, profileId);
    for (const sessionHash of left) await this.events.emit('profileSwitched', { sessionHash });
    await this.profiles.delete(viewer.user_id, profileId);
    await this.limits.reset(pinTriesKey(profileId));
    if (!row.avatar.startsWith('avatar:')) await this.storage.remove(row.avatar);
  }

  /** Puts the session on another of the account's profiles; a locked one needs its PIN unless already on it. */
  async select(viewer: LiveSession, profileId: number, pin: string | undefined): Promise<Profile> {
    const row = await this.requireOwn(viewer.user_id, profileId);
    if (row.profile_id === viewer.profile_id) return present(row, this.storage);
    if (row.pin_hash !== null) await this.checkPin(row, pin);
    await this.sessions.setProfile(viewer.session_hash, row.profile_id);
    await this.events.emit('profileSwitched', { sessionHash: viewer.session_hash });
    await this.profiles.touch(row.profile_id, this.now());
    return present({ ...row, last_active_at: this.now() }, this.storage);
  }

  /** Sets (or with null removes) a profile's PIN: the account password is the proof; a kids profile may not. */
  async setPin(
    viewer: SessionUser,
    profileId: number,
    pin: string | null,
    password: string,
  ): Promise<Profile> {
    this.assertMayManage(viewer);
    const row = await this.requireOwn(viewer.user_id, profileId);
    await this.confirmPassword(viewer.user_id, password);
    await this.profiles.update(viewer.user_id, row.profile_id, {
      pin_hash: pin === null ? null : await hashPassword(pin),
      updated_at: this.now(),
    });
    await this.limits.reset(pinTriesKey(row.profile_id));
    return present(await this.requireOwn(viewer.user_id, row.profile_id), this.storage);
  }

  /** Uploads a profile's picture (checked and re-encoded like every image). */
  async setAvatar(viewer: SessionUser, profileId: number, upload: Buffer | undefined): Promise<Profile> {
    this.assertMayManage(viewer);
    if (!upload) throw badRequest('Choose an image', { avatar: 'Choose an image' });
    const row = await this.requireOwn(viewer.user_id, profileId);
    const image = await reencodeImage(upload, 'avatar', AVATAR_SIZE);
    const key = `avatars/p${row.profile_id}-${randomToken(12)}.webp`;
    await this.storage.put(key, image);
    try {
      await this.profiles.update(viewer.user_id, row.profile_id, { avatar: key, updated_at: this.now() });
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
    if (!row.avatar.startsWith('avatar:')) await this.storage.remove(row.avatar);
    return present(await this.requireOwn(viewer.user_id, row.profile_id), this.storage);
  }

  /** The account's maturity limit for every profile (null removes it): the account password is the proof. */
  async setMaturityLimit(viewer: SessionUser, limit: ProfilesReply['maturity_limit'], password: string) {
    this.assertMayManage(viewer);
    await this.confirmPassword(viewer.user_id, password);
    await this.users.update(viewer.user_id, { maturity_limit: limit, updated_at: this.now() });
  }

  /** Shows titles above the account's limit for the rest of this session. */
  async unlockMature(viewer: SessionUser, password: string): Promise<void> {
    this.assertMayManage(viewer);
    await this.confirmPassword(viewer.user_id, password);
    await this.sessions.unlockMature(viewer.session_hash);
  }

  /** Notes that the session's profile was used (at most every few minutes per profile). */
  async noteActive(viewer: SessionUser): Promise<void> {
    const nowMs = this.clock.now().getTime();
    const last = this.lastTouched.get(viewer.profile_id);
    if (last !== undefined && nowMs - last < ACTIVE_WRITE_MS) return;
    this.lastTouched.set(viewer.profile_id, nowMs);
    if (this.lastTouched.size > 10_000) this.lastTouched.clear();
    await this.profiles.touch(viewer.profile_id, new Date(nowMs).toISOString());
  }

  // ---- Admin ----

  async adminList(userId: number): Promise<AdminProfile[]> {
    if (!(await this.users.findById(userId))) throw notFound('This account does not exist');
    return (await this.profiles.listOf(userId)).map((row) => ({
      profile_id: row.profile_id,
      name: row.name,
      maturity: row.maturity,
      kids: row.kids === 1,
      locked: row.pin_hash !== null,
      owner: row.position === 0,
      last_active_at: row.last_active_at,
    }));
  }

  /** Removes a profile's PIN at the account holder's request (audited). */
  async adminRemovePin(actor: AuditActor, userId: number, profileId: number): Promise<AdminProfile[]> {
    const row = await this.requireOwn(userId, profileId);
    if (row.pin_hash !== null) {
      await this.profiles.update(userId, profileId, { pin_hash: null, updated_at: this.now() });
      await this.limits.reset(pinTriesKey(profileId));
      await this.audit.record(actor, 'remove_pin', 'profile', profileId, { locked: true }, { locked: false });
    }
    return this.adminList(userId);
  }

  // ---- Rules ----

  private maxProfiles(viewer: LiveSession): number {
    return Number(viewer.billing?.plan?.max_profiles ?? DEFAULT_MAX_PROFILES);
  }

  /** Kids profiles manage no profiles and change no account setting. */
  private assertMayManage(viewer: SessionUser): void {
    if (viewer.kids) throw kidsProfileRefused();
  }

  private async requireOwn(userId: number, profileId: number): Promise<ProfileRow> {
    const row = await this.profiles.findOf(userId, profileId);
    if (!row) throw notFound('This profile does not exist');
    return row;
  }

  private async confirmPassword(userId: number, password: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('This account does not exist');
    await confirmAccountPassword(this.limits, user, password, 'password');
  }

  /**
   * A PIN check: counted before the PIN is checked, so PINs sent at once check at most PIN_TRIES; past them the
   * profile waits until PIN_WAIT_MINUTES after the first wrong one, and a right one clears the count.
   */
  private async checkPin(row: ProfileRow, pin: string | undefined): Promise<void> {
    if (pin === undefined) throw new AppError(403, 'pin_required', 'This profile is locked: enter its PIN');
    const right = await this.limits.guardTry(
      pinTriesKey(row.profile_id),
      PIN_RULE,
      () => verifyPassword(row.pin_hash!, pin),
      { message: 'Too many wrong PINs: try again later' },
    );
    if (!right) throw badRequest('The PIN is wrong', { pin: 'The PIN is wrong' });
  }

  private languageKeyword(keyword: string): Promise<string> {
    return knownLanguageKeyword(this.languages, keyword);
  }
}
