import type { Kysely } from 'kysely';
import { createVersionCounter, type WatchedTable } from './helpers.js';

/**
 * What a live session says about its viewer: the session itself, the account's role, status and trial, its
 * subscription and the subscription's plan. Every write that could change that bumps `access_version.version`
 * (the API keeps live sessions per version). A new session or account changes no session already read, so
 * sign-ins and sign-ups leave the version alone; a new subscription or plan is counted (a viewer's first trial
 * row changes what their session read).
 */
const WATCHED: WatchedTable[] = [
  { table: 'sessions', inserts: false },
  { table: 'users', updateOf: ['role', 'status', 'trial_ends_at'], inserts: false },
  { table: 'subscriptions' },
  { table: 'plans' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await createVersionCounter(db, 'access_version', WATCHED);
}
