import type { TitleCard } from '@salomtv/contract';

/** Whether the card's feature is closed to this viewer by their plan (`upgrade`) or by having none (`subscribe`). */
export const isPlanLocked = (card: Pick<TitleCard, 'locked'>) =>
  card.locked === 'upgrade' || card.locked === 'subscribe';
