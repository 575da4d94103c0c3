import type { TitleCard } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { pickHouseTrailer } from './house-trailer';

const card = (movie_id: number, trailer: string | null) =>
  ({ movie_id, title: `Title ${movie_id}`, trailer }) as TitleCard;

describe('the pre-roll house trailer', () => {
  it('is the trailer of another title, never of the one being watched', () => {
    const cards = [card(4, '/t/4.m3u8'), card(7, '/t/7.m3u8'), card(9, null)];
    for (const id of [4, 7, 9, 10]) {
      const picked = pickHouseTrailer(cards, id);
      expect(picked).not.toBeNull();
      expect(picked?.movieId).not.toBe(id);
      expect(picked?.src).toBe(`/t/${picked?.movieId}.m3u8`);
    }
  });

  it('is none when no other title has a trailer', () => {
    expect(pickHouseTrailer([card(4, '/t/4.m3u8'), card(5, null)], 4)).toBeNull();
  });

  it('counts a title that appears in several rows once', () => {
    const cards = [card(1, '/t/1.m3u8'), card(1, '/t/1.m3u8'), card(2, '/t/2.m3u8')];
    expect(pickHouseTrailer(cards, 3)?.movieId).toBe(2);
    expect(pickHouseTrailer(cards, 4)?.movieId).toBe(1);
  });
});
