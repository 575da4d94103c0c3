import type { TitleCard } from '@salomtv/contract';
import { useLocation, useNavigate } from 'react-router';

/** Navigation state of /player: the spec's `sendData` (the item, with `video` its master playlist). */
export interface PlayerState {
  sendData?: Pick<TitleCard, 'movie_id' | 'title'> & {
    video: string | null;
    trailer?: boolean;
    /** A film plays `video` at once; a series opens on the episode the viewer goes on with. */
    kind?: TitleCard['kind'];
  };
}

/** State pushed with `?title=`: lets closing go Back instead of adding another history entry. */
export interface PopupState {
  popup?: true;
}

/**
 * Opens the popup over the current page: the address gets `?title=<id>` (shareable; Back closes), and `play=1`
 * when the viewer asked to play it.
 */
export function useOpenPopup() {
  const navigate = useNavigate();
  const location = useLocation();
  return (movieId: number, options: { trailer?: boolean; play?: boolean } = {}) => {
    const params = new URLSearchParams(location.search);
    params.set('title', String(movieId));
    if (options.trailer) params.set('trailer', '1');
    else params.delete('trailer');
    // Play starts the title in the popup; without it the popup opens on the details and a muted preview.
    if (options.play) params.set('play', '1');
    else params.delete('play');
    params.delete('episode');
    const popupOpen = new URLSearchParams(location.search).has('title');
    navigate(
      { pathname: location.pathname, search: `?${params}` },
      { state: { popup: true } satisfies PopupState, replace: popupOpen },
    );
  };
}

/**
 * Goes to the full-page player with the item as `sendData` (and `?title=` so a reload keeps playing): its
 * trailer when the title cannot be played yet or the visitor is signed out.
 */
export function useOpenPlayer() {
  const navigate = useNavigate();
  return (
    card: Pick<TitleCard, 'movie_id' | 'title' | 'video' | 'trailer' | 'playable' | 'locked' | 'kind'>,
    episodeId?: number,
  ) => {
    const trailer = !card.playable || card.locked === 'sign_in';
    const state: PlayerState = {
      sendData: {
        movie_id: card.movie_id,
        title: card.title,
        video: trailer ? card.trailer : card.video,
        trailer,
        kind: card.kind,
      },
    };
    const episode = !trailer && episodeId !== undefined ? `&episode=${episodeId}` : '';
    navigate(`/player?title=${card.movie_id}${trailer ? '&trailer=1' : ''}${episode}`, { state });
  };
}
