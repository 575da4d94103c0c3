// @vitest-environment happy-dom
import type { AudioTrack, LanguageSummary, Movie, VideoAsset } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeServer, renderInApp } from '../../../../shared/testing/render-in-app';
import { movieDetailQuery } from '../api/movie-detail';
import type { UploadTarget } from '../api/resumable-upload';
import { AudioTracksPanel } from './audio-tracks-panel';

// tus itself is the e2e spec's business: here, the upload each Upload press starts.
const uploads = vi.hoisted(() => ({ started: [] as { target: UploadTarget; file: File }[] }));
vi.mock('../api/resumable-upload', () => ({
  useResumableUpload: (target: UploadTarget) => ({
    state: { phase: 'idle', fileName: '', sent: 0, total: 0, percent: 0, resumed: false },
    start: async (file: File) => {
      uploads.started.push({ target, file });
    },
    pause: () => undefined,
    resume: () => undefined,
    interrupted: null,
  }),
}));

const MOVIE_ID = 41;

const video: VideoAsset = {
  asset_id: 1,
  status: 'ready',
  progress: 100,
  error: null,
  size: 1000,
  duration: 2,
  width: 320,
  height: 180,
  renditions: [180],
  poster: null,
  preview_vtt: null,
};

const track = (track_id: number, label: string, changes: Partial<AudioTrack> = {}): AudioTrack => ({
  track_id,
  episode_id: null,
  language: 'und',
  label,
  is_default: false,
  source: 'file',
  original_name: `${label}.m4a`,
  status: 'ready',
  progress: 100,
  error: null,
  channels: [2],
  duration: 2,
  ...changes,
});

// A whole record as the server sends it; the panel reads only its kind, video, episodes and audio tracks.
const movieWith = (audio_tracks: AudioTrack[], changes: Partial<Movie> = {}): Movie =>
  ({
    movie_id: MOVIE_ID,
    title: 'Silk Road',
    description: '',
    kind: 'movie',
    genres: [],
    tags: [],
    cast: [],
    status: 'draft',
    quality: null,
    size: 1000,
    year: null,
    age_rating: null,
    duration: 2,
    release_date: null,
    featured: false,
    collections: [],
    banner: null,
    thumbnail: null,
    trailer: null,
    video,
    progress: null,
    failure_reason: null,
    view_count: 0,
    seasons: [],
    subtitles: [],
    audio_tracks,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...changes,
  }) as Movie;

const languages: LanguageSummary[] = [
  { lang_id: 1, keyword: 'En', language_title: 'English', flag: null, dir: 'ltr', is_default: true },
  { lang_id: 2, keyword: 'Uz', language_title: "O'zbekcha", flag: null, dir: 'ltr', is_default: false },
];

/** The panel fed by the editor's query, as on the page, so the answers of its calls show up in it. */
function Editor() {
  const movie = useQuery(movieDetailQuery(MOVIE_ID));
  return movie.data ? <AudioTracksPanel movie={movie.data} /> : null;
}

/** Renders the panel over a server holding `movie`; each call's answer is `answer`'s record, if it gives one. */
async function renderPanel(movie: Movie, answer: (call: FakeRequest) => Movie | undefined = () => undefined) {
  let current = movie;
  const calls = fakeServer((call) => {
    if (call.path === '/api/language/select') return { body: languages };
    if (call.path === `/api/movie/${MOVIE_ID}`) return { body: current };
    current = answer(call) ?? current;
    return { body: current };
  });
  renderInApp(<Editor />);
  await screen.findByRole('heading', { name: 'Audio tracks' });
  await screen.findAllByRole('option', { name: 'English (en)' });
  const sent = (path: string) => calls.filter((call) => call.path === path).map((call) => call.body);
  return { user: userEvent.setup(), sent };
}

const labels = () =>
  screen
    .getAllByTestId('audio-track-row')
    .map((row) => (within(row).getByRole('textbox') as HTMLInputElement).value);

describe('the audio tracks panel', () => {
  it("lists a movie's tracks in order with their source, channels and status", async () => {
    await renderPanel(
      movieWith([
        track(1, 'Original', { is_default: true, source: 'stream', original_name: null, channels: [2, 6] }),
        track(2, 'Русский дубляж', { language: 'ru', status: 'processing', progress: 40, channels: [] }),
        track(3, 'Broken', { status: 'failed', error: 'The sound could not be read', channels: [] }),
      ]),
    );
    expect(labels()).toEqual(['Original', 'Русский дубляж', 'Broken']);
    const [original, dub, broken] = screen.getAllByTestId('audio-track-row');
    expect(original).toHaveProperty('textContent', expect.stringContaining('From the video · Stereo + 5.1'));
    expect(screen.getByRole('radio', { name: 'Original: Original' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Label of Русский дубляж')).toHaveProperty('dir', 'auto');
    expect(dub).toHaveProperty('textContent', expect.stringContaining('Uploaded: Русский дубляж.m4a'));
    expect(
      within(dub as HTMLElement)
        .getByRole('progressbar')
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(within(broken as HTMLElement).getByRole('alert').textContent).toContain(
      'The sound could not be read',
    );
    // A language the site does not offer stays chosen, and Unknown is always there.
    const russian = screen.getByLabelText('Language of Русский дубляж') as HTMLSelectElement;
    expect(russian.value).toBe('ru');
    expect([...russian.options].map((option) => option.value)).toEqual(['en', 'uz', 'ru', 'und']);
    expect(screen.getByRole('button', { name: 'Move Original up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Broken down' })).toHaveProperty('disabled', true);
  });

  it('says when there are no tracks, and asks for the video before a sound', async () => {
    await renderPanel(movieWith([], { video: null }));
    expect(screen.getByText(/No audio tracks yet: the video's own sound becomes the first/)).toBeTruthy();
    expect(screen.getByText(/Upload the video first/)).toBeTruthy();
    // The form's fieldset disables every control in it.
    expect(screen.getByTestId('audio-file-input').closest('fieldset')?.disabled).toBe(true);
  });

  it('uploads a sound file with the language and label chosen', async () => {
    uploads.started = [];
    const { user } = await renderPanel(
      movieWith([track(1, 'Original', { is_default: true, language: 'en' })]),
    );
    const language = screen.getByLabelText('Language of the new track') as HTMLSelectElement;
    // English has a track already: the form proposes the next site language.
    expect(language.value).toBe('uz');
    await user.type(screen.getByLabelText('Label of the new track'), "O'zbekcha dublyaj");
    const file = new File(['sound'], 'dub.m4a', { type: 'audio/mp4' });
    await user.upload(screen.getByTestId('audio-file-input'), file);
    await user.click(screen.getByRole('button', { name: 'Upload sound track' }));
    expect(uploads.started).toEqual([
      {
        target: {
          movieId: MOVIE_ID,
          kind: 'audio',
          episodeId: undefined,
          language: 'uz',
          label: "O'zbekcha dublyaj",
        },
        file,
      },
    ]);
  });

  it("shows a serial's tracks per episode, with no whole-title choice", async () => {
    const episode = (episode_id: number, number: number, title: string) => ({
      episode_id,
      season_number: 1,
      number,
      title,
      description: '',
      duration: 2,
      thumbnail: null,
      video,
    });
    const series = movieWith(
      [
        track(1, 'Pilot sound', { episode_id: 7, is_default: true }),
        track(2, 'Second sound', { episode_id: 8, is_default: true }),
      ],
      {
        kind: 'series',
        video: null,
        seasons: [
          { season_id: 1, number: 1, title: '', episodes: [episode(7, 1, 'Pilot'), episode(8, 2, 'Second')] },
        ] as Movie['seasons'],
      },
    );
    const { user } = await renderPanel(series);
    const target = screen.getByLabelText('Tracks of episode') as HTMLSelectElement;
    expect([...target.options].map((option) => option.text)).toEqual(['S1 E1 Pilot', 'S1 E2 Second']);
    expect(labels()).toEqual(['Pilot sound']);
    await user.selectOptions(target, '8');
    expect(labels()).toEqual(['Second sound']);
    expect(screen.getByRole('radio', { name: 'Original: Second sound' }).getAttribute('name')).toBe(
      'audio-original-episode-8',
    );
  });

  it('moves a track up with the whole order and keeps focus on its move buttons', async () => {
    const { user, sent } = await renderPanel(
      movieWith([track(1, 'Original', { is_default: true }), track(2, 'Dub')]),
      (call) =>
        call.path === '/api/movie/audio/order'
          ? movieWith([track(2, 'Dub'), track(1, 'Original', { is_default: true })])
          : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Move Dub up' }));
    await screen.findByDisplayValue('Dub');
    await expect.poll(labels).toEqual(['Dub', 'Original']);
    expect(sent('/api/movie/audio/order')).toEqual([{ movie_id: MOVIE_ID, track_ids: [2, 1] }]);
    // Up is disabled at the top: focus goes to the same track's Down.
    await expect.poll(() => document.activeElement?.getAttribute('aria-label')).toBe('Move Dub down');
  });

  it('saves a label with Enter and makes a track the original', async () => {
    const { user, sent } = await renderPanel(
      movieWith([track(1, 'Original', { is_default: true }), track(2, 'Dub')]),
      (call) => {
        const body = call.body as { label?: string; is_default?: true };
        if (body.label) return movieWith([track(1, 'Original', { is_default: true }), track(2, body.label)]);
        if (body.is_default)
          return movieWith([track(1, 'Original'), track(2, 'Uzbek', { is_default: true })]);
        return undefined;
      },
    );
    const label = screen.getByLabelText('Label of Dub');
    await user.clear(label);
    await user.type(label, '  Uzbek {Enter}');
    await screen.findByLabelText('Label of Uzbek');
    await user.click(screen.getByRole('radio', { name: 'Original: Uzbek' }));
    await expect
      .poll(() => (screen.getByRole('radio', { name: 'Original: Original' }) as HTMLInputElement).checked)
      .toBe(false);
    expect(sent('/api/movie/audio/update')).toEqual([
      { track_id: 2, label: 'Uzbek' },
      { track_id: 2, is_default: true },
    ]);
  });

  it('asks before deleting a track', async () => {
    const { user, sent } = await renderPanel(
      movieWith([track(1, 'Original', { is_default: true }), track(2, 'Dub')]),
      (call) =>
        call.path === '/api/movie/audio/delete'
          ? movieWith([track(1, 'Original', { is_default: true })])
          : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Delete Dub' }));
    expect(sent('/api/movie/audio/delete')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, delete Dub' }));
    await expect.poll(labels).toEqual(['Original']);
    expect(sent('/api/movie/audio/delete')).toEqual([{ track_id: 2 }]);
  });
});
