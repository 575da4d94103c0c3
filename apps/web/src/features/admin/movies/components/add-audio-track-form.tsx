import type { LanguageSummary } from '@salomtv/contract';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input, Select } from '../../../../shared/ui/input';
import { useToast } from '../../../../shared/ui/toast-context';
import { useRefreshMovie } from '../api/movie-detail';
import { useResumableUpload } from '../api/resumable-upload';
import { languageChoices } from '../lib/audio-tracks';
import { UploadProgress } from './upload-progress';

const ACCEPT = '.m4a,.mp3,.wav,.flac,.aac,audio/*';
const LABEL_HINT = 'Optional: named after the language when empty';
const FILE_HINT = 'M4A, MP3, WAV, FLAC or AAC, as long as the video';

interface AddAudioTrackFormProps {
  movieId: number;
  /** The episode whose video the track dubs; null for the title's own video. */
  episodeId: number | null;
  /** The target's video exists and did not fail: a sound is matched to its length. */
  hasVideo: boolean;
  languages: readonly LanguageSummary[];
  /** Languages the target already has a track in (the form proposes another first). */
  usedLanguages: readonly string[];
  onUploadingChange: (uploading: boolean) => void;
}

/** A sound file in one language for the target's video, sent resumably like videos, with its progress. */
export function AddAudioTrackForm({
  movieId,
  episodeId,
  hasVideo,
  languages,
  usedLanguages,
  onUploadingChange,
}: AddAudioTrackFormProps) {
  const [language, setLanguage] = useState('');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const refresh = useRefreshMovie();
  const toast = useToast();
  const choices = languageChoices(languages);
  const chosenLanguage =
    language ||
    choices.find((choice) => !usedLanguages.includes(choice.value))?.value ||
    choices[0]?.value ||
    '';

  const onUploaded = useCallback(() => {
    refresh(movieId);
    toast.show('Sound track uploaded: it is being encoded');
    setFile(null);
    setLabel('');
    setLanguage('');
    if (fileInput.current) fileInput.current.value = '';
  }, [refresh, toast, movieId]);
  const upload = useResumableUpload(
    { movieId, kind: 'audio', episodeId: episodeId ?? undefined, language: chosenLanguage, label },
    onUploaded,
  );
  const { state } = upload;
  const busy = state.phase === 'uploading' || state.phase === 'paused';
  const fields = state.phase === 'error' ? (state.fields ?? {}) : {};

  useEffect(() => onUploadingChange(busy), [busy, onUploadingChange]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file && chosenLanguage) void upload.start(file);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add an audio track" className="flex flex-col gap-3">
      {hasVideo ? null : (
        <Alert tone="info">
          Upload the video first: a sound track is matched to the length of the{' '}
          {episodeId === null ? "title's" : "episode's"} video.
        </Alert>
      )}
      <fieldset
        disabled={!hasVideo || busy}
        className="grid gap-3 md:grid-cols-[12rem_1fr_1fr_auto] md:items-start"
      >
        <legend className="sr-only">New audio track</legend>
        <Field id="audio-new-language" label="Language" error={fields.language}>
          <Select
            id="audio-new-language"
            value={chosenLanguage}
            onChange={(event) => setLanguage(event.target.value)}
            aria-label="Language of the new track"
            {...describedBy('audio-new-language', fields.language)}
          >
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="audio-new-label" label="Label" error={fields.label} hint={LABEL_HINT}>
          <Input
            id="audio-new-label"
            dir="auto"
            value={label}
            maxLength={80}
            placeholder="O'zbekcha dublyaj"
            onChange={(event) => setLabel(event.target.value)}
            aria-label="Label of the new track"
            {...describedBy('audio-new-label', fields.label, LABEL_HINT)}
          />
        </Field>
        <Field id="audio-file" label="Sound file" error={fields.file} hint={FILE_HINT}>
          <input
            id="audio-file"
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            data-testid="audio-file-input"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-muted file:me-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-surface-2 file:px-3 file:text-sm file:font-semibold file:text-text disabled:opacity-50"
            {...describedBy('audio-file', fields.file, FILE_HINT)}
          />
        </Field>
        <Button type="submit" disabled={!file || !chosenLanguage} className="h-11 md:mt-7">
          Upload sound track
        </Button>
      </fieldset>
      {upload.interrupted && state.phase === 'idle' ? (
        <Alert tone="info">
          An upload of {upload.interrupted.metadata.filename ?? 'a sound file'} stopped before it finished.
          Choose the same file, language and label to continue where it stopped.
        </Alert>
      ) : null}
      {state.phase === 'idle' ? null : (
        <UploadProgress
          state={state}
          label="Sound track upload"
          onPause={upload.pause}
          onResume={upload.resume}
        />
      )}
      {state.phase === 'error' && !fields.file && !fields.language && !fields.label ? (
        <Alert>{state.error}</Alert>
      ) : null}
    </form>
  );
}
