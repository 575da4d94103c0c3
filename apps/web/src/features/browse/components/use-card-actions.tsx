import type { TitleCard as Card } from '@salomtv/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLibraryLists } from '../../../shared/api/library';
import { useAutoplayPreviews } from '../../../shared/api/profiles';
import { useOpenPlayer, useOpenPopup } from '../../../shared/hooks/open-title';
import { isPlanLocked } from './plan-lock';
import type { CardActions } from './title-card';

// Only a locked title's Play opens the prompt: its code loads then.
const LockedPrompt = lazy(() => import('./locked-prompt').then((m) => ({ default: m.LockedPrompt })));

const isUpcoming = (card: Card) =>
  Boolean(card.release_date && card.release_date > new Date().toISOString().slice(0, 10));

export interface BrowseActions {
  first: CardActions;
  other: CardActions;
  trailer: (card: Card) => void;
  /** Play for a slide or banner: the full-page player, or the locked prompt. */
  play: (card: Card) => void;
  /** Continue Watching's cards: the full player, on the episode each goes on with (`episodeOf`). */
  resume: (episodeOf: (card: Card) => number | undefined) => CardActions;
  /** The locked prompt while open: the page renders it. */
  prompt: ReactNode;
}

/**
 * Card actions: a card opens the popup on its details; Play Now goes to /player on the first row (the spec's
 * sendData), else plays in the popup, from the viewer's saved position. A title
 * the viewer's plan lacks (or any feature once the subscription has ended) opens the locked prompt instead:
 * the way to /pricingplan, and its trailer.
 */
export function useCardActions(): BrowseActions {
  const openPopup = useOpenPopup();
  const openPlayer = useOpenPlayer();
  const lists = useLibraryLists();
  const previews = useAutoplayPreviews();
  const [locked, setLocked] = useState<Card | null>(null);
  const popup = (card: Card) => openPopup(card.movie_id);
  const playInPopup = (card: Card) => openPopup(card.movie_id, { play: true });
  const trailer = (card: Card) => openPopup(card.movie_id, { trailer: true });
  const guard = (play: (card: Card) => void) => (card: Card) => {
    if (isUpcoming(card)) trailer(card);
    else if (isPlanLocked(card)) setLocked(card);
    else play(card);
  };
  const prompt = locked ? (
    <Suspense fallback={null}>
      <LockedPrompt
        card={locked}
        onClose={() => setLocked(null)}
        onTrailer={() => {
          setLocked(null);
          trailer(locked);
        }}
      />
    </Suspense>
  ) : null;
  return {
    first: { onOpen: popup, onPlay: guard(openPlayer), lists, previews },
    other: { onOpen: popup, onPlay: guard(playInPopup), lists, previews },
    trailer,
    play: guard((card) => (card.playable ? openPlayer(card) : popup(card))),
    resume: (episodeOf) => {
      const goOn = guard((card) => openPlayer(card, episodeOf(card)));
      return { onOpen: goOn, onPlay: goOn, lists, previews };
    },
    prompt,
  };
}
