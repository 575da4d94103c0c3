import type { TitleCard as Card } from '@salomtv/contract';
import { useOpenPlayer, useOpenPopup } from '../../../shared/catalog/open-title';
import type { CardActions } from './title-card';

/** Card actions: Play Now goes to /player on the first row (the spec's sendData), else opens the popup. */
export function useCardActions(): { first: CardActions; other: CardActions; trailer: (card: Card) => void } {
  const openPopup = useOpenPopup();
  const openPlayer = useOpenPlayer();
  const popup = (card: Card) => openPopup(card.movie_id);
  const trailer = (card: Card) => openPopup(card.movie_id, { trailer: true });
  const upcoming = (card: Card) =>
    Boolean(card.release_date && card.release_date > new Date().toISOString().slice(0, 10));
  return {
    first: { onOpen: popup, onPlay: (card) => (upcoming(card) ? trailer(card) : openPlayer(card)) },
    other: { onOpen: popup, onPlay: (card) => (upcoming(card) ? trailer(card) : popup(card)) },
    trailer,
  };
}
