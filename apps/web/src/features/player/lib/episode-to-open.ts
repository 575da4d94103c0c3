import type { TitleDetails } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { progressQuery } from '../api/viewing-api';

/**
 * The episode a series opens on: the one asked for, else the one the viewer goes on with (their progress: the
 * episode watched last, or the next once it is finished), else the first playable. `ready` is false while the
 * viewer's progress is still on its way (the player waits rather than start another episode and jump).
 */
export function useEpisodeToOpen(
  details: TitleDetails | undefined,
  signedIn: boolean,
  asked: number | undefined,
): { episodeId: number | undefined; ready: boolean } {
  const series = details?.kind === 'series';
  const needed = series && signedIn && asked === undefined;
  const progress = useQuery({ ...progressQuery(details?.movie_id ?? 0), enabled: needed });
  if (!needed) return { episodeId: asked, ready: details !== undefined || asked !== undefined };
  if (progress.isPending) return { episodeId: undefined, ready: false };
  return { episodeId: progress.data?.episode_id ?? undefined, ready: true };
}
