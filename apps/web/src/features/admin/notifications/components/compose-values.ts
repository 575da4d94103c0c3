import type { NotificationCreate, notificationCreateSchema } from '@salomtv/contract';
import type { ContractForm } from '../../../../shared/ui/contract-form';
import { isInFuture, localInputToIso } from '../lib/send-at';
import type { PickedUser } from './user-picker';

/** What the compose form holds: the plan as its picker's value, the user as picked, the time as typed. */
export interface ComposeValues {
  title: string;
  body: string;
  link: string;
  audience: NotificationCreate['audience'];
  plan_id: string;
  user: PickedUser | null;
  when: 'now' | 'later';
  send_at: string;
}

export type ComposeFormState = ContractForm<ComposeValues, typeof notificationCreateSchema>;

export const EMPTY_COMPOSE: ComposeValues = {
  title: '',
  body: '',
  link: '',
  audience: 'all',
  plan_id: '',
  user: null,
  when: 'now',
  send_at: '',
};

/** The notification to create: only the audience's own target, and a time only when it is to wait. */
export const composeBody = (values: ComposeValues) => ({
  title: values.title,
  body: values.body,
  link: values.link.trim() || null,
  audience: values.audience,
  plan_id: values.audience === 'plan' && values.plan_id ? Number(values.plan_id) : null,
  user_id: values.audience === 'user' ? (values.user?.user_id ?? null) : null,
  send_at: values.when === 'later' ? (localInputToIso(values.send_at) ?? null) : null,
});

/** A scheduled notification needs a time, and one still ahead (else it would go out at once). */
export function composeChecks(values: ComposeValues): { send_at?: string } {
  if (values.when !== 'later') return {};
  const sendAt = localInputToIso(values.send_at);
  if (!sendAt) return { send_at: 'Choose the date and time to send it' };
  if (!isInFuture(sendAt)) return { send_at: 'Choose a time in the future, or send it now' };
  return {};
}
