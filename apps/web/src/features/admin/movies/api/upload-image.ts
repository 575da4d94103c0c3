import { CSRF_HEADER, type Movie } from '@salomtv/contract';
import { api } from '../../../../shared/api/api-client';
import { type ApiError, errorFromReply, networkError } from '../../../../shared/api/api-error';

export type ImageSlot = 'thumbnail' | 'banner';

export interface ImageUpload {
  slot: ImageSlot;
  movieId: number;
  episodeId?: number;
  file: File;
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/movie/thumbnail` or `/api/movie/banner` (multipart: file, movie_id, episode_id?) through
 * XMLHttpRequest, whose upload events give the percent bar that fetch cannot.
 */
export async function uploadImage({
  slot,
  movieId,
  episodeId,
  file,
  onProgress,
  signal,
}: ImageUpload): Promise<Movie> {
  const token = await api.csrfToken();
  const form = new FormData();
  form.set('movie_id', String(movieId));
  if (episodeId !== undefined) form.set('episode_id', String(episodeId));
  form.set('file', file);
  return new Promise<Movie>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/movie/${slot}`);
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Movie);
      else reject(errorFromReply(xhr.status, body, xhr.getResponseHeader('retry-after')) satisfies ApiError);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
