import type { AdminUserDetail, AdminUserRow, UserProfile } from '@salomtv/contract';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { UserRow } from './repo.js';

/** The account as its owner sees it (never the password hash). */
export function toProfile(row: UserRow, storage: MediaStorage): UserProfile {
  return {
    user_id: row.user_id,
    role: row.role,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    pending_email: row.pending_email,
    phone_number: row.phone_number,
    dob: row.dob,
    gender: row.gender,
    nationality: row.nationality,
    language: row.language,
    avatar: storage.publicUrl(row.avatar),
    verified: row.verified === 1,
    trial_ends_at: row.trial_ends_at,
    created_at: row.created_at,
  };
}

export function toAdminRow(row: UserRow, storage: MediaStorage): AdminUserRow {
  return {
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    nationality: row.nationality,
    avatar: storage.publicUrl(row.avatar),
    role: row.role,
    status: row.status,
    verified: row.verified === 1,
    trial_ends_at: row.trial_ends_at,
    created_at: row.created_at,
  };
}

export function toAdminDetail(
  row: UserRow,
  storage: MediaStorage,
  now: Date,
  sessions: { active: number; lastStartedAt: string | null },
): AdminUserDetail {
  return {
    ...toProfile(row, storage),
    status: row.status,
    updated_at: row.updated_at,
    trial_active: row.trial_ends_at !== null && row.trial_ends_at > now.toISOString(),
    active_sessions: sessions.active,
    last_sign_in_at: sessions.lastStartedAt,
  };
}
