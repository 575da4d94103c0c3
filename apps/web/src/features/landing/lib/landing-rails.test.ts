import type { TitleCard } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { landingRails } from './landing-rails';

const card = (movie_id: number) => ({ movie_id }) as TitleCard;
const ids = (cards: TitleCard[]) => cards.map((c) => c.movie_id);

describe("the landing page's two rails", () => {
  it('are different lists when every title has the same views (popular then lists the newest too)', () => {
    // A fresh catalogue: no views yet, so the popular row is in the new row's order.
    const newest = [card(5), card(4), card(3), card(2), card(1)];
    const rails = landingRails([
      { id: 'new', items: newest },
      { id: 'popular', items: newest },
      { id: 'kind:movie', items: [card(5), card(3), card(1)] },
    ]);
    expect(ids(rails.season)).toEqual([5, 3, 1]);
    expect(ids(rails.popular)).toEqual([4, 2]);
  });

  it('show the newest titles first when there are no films, and popular titles not already shown', () => {
    const rails = landingRails([
      { id: 'new', items: [card(2), card(1)] },
      { id: 'popular', items: [card(1), card(3), card(2)] },
    ]);
    expect(ids(rails.season)).toEqual([2, 1]);
    expect(ids(rails.popular)).toEqual([3]);
  });

  it('fall back to the popular row when it holds nothing else', () => {
    const rails = landingRails([
      { id: 'kind:movie', items: [card(1), card(2)] },
      { id: 'popular', items: [card(2), card(1)] },
    ]);
    expect(ids(rails.popular)).toEqual([2, 1]);
  });
});
