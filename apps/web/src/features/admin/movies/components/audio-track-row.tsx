import type { AudioTrack } from '@salomtv/contract';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { formatDuration } from '../../../../shared/i18n/format';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { describedBy, fieldErrorId } from '../../../../shared/ui/field';
import { ChevronDownIcon } from '../../../../shared/ui/icons';
import { Input, Select } from '../../../../shared/ui/input';
import { useDeleteAudioTrack, useUpdateAudioTrack } from '../api/audio-tracks';
import { channelsText, type LanguageChoice, type MoveDirection } from '../lib/audio-tracks';
import { ProgressBar } from './progress-bar';

/** The id of a track's Move up or Move down button, so the panel can keep focus on it after the move. */
export const moveButtonId = (trackId: number, direction: MoveDirection) =>
  `audio-track-${trackId}-move-${direction}`;

interface AudioTrackRowProps {
  track: AudioTrack;
  first: boolean;
  last: boolean;
  /** Shared by the target's Original radios. */
  originalGroup: string;
  /** The Original radio is on (the saved original, or the one just chosen while the server saves it). */
  isOriginal: boolean;
  onChooseOriginal: (track: AudioTrack) => void;
  languages: LanguageChoice[];
  onMove: (track: AudioTrack, direction: MoveDirection) => void;
  onDeleted: () => void;
}

/** One audio track: label, language, Original, where it came from, channels, encoding, Move and Delete. */
export function AudioTrackRow({
  track,
  first,
  last,
  originalGroup,
  isOriginal,
  onChooseOriginal,
  languages,
  onMove,
  onDeleted,
}: AudioTrackRowProps) {
  const update = useUpdateAudioTrack();
  const remove = useDeleteAudioTrack();
  // The label being typed; null shows the saved one. A newly saved label ends the draft.
  const [draft, setDraft] = useState<string | null>(null);
  const [seenLabel, setSeenLabel] = useState(track.label);
  if (seenLabel !== track.label) {
    setSeenLabel(track.label);
    setDraft(null);
  }
  const [confirming, setConfirming] = useState(false);
  // The button that takes focus once the Delete and Cancel buttons swap places.
  const [focusOn, setFocusOn] = useState<'cancel' | 'delete' | null>(null);
  const fields = isApiError(update.error) ? update.error.fields : {};
  const base = `audio-track-${track.track_id}`;
  const name = track.label;

  useEffect(() => {
    if (!focusOn) return;
    document.getElementById(`${base}-${focusOn}`)?.focus();
    setFocusOn(null);
  }, [focusOn, base]);

  const saveLabel = () => {
    if (draft === null || update.isPending) return;
    const label = draft.trim();
    if (label === track.label) {
      setDraft(null);
      return;
    }
    update.mutate({ track_id: track.track_id, label });
  };

  const labelKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      saveLabel();
    } else if (event.key === 'Escape' && draft !== null) {
      event.preventDefault();
      setDraft(null);
      update.reset();
    }
  };

  const askDelete = (asking: boolean) => {
    setConfirming(asking);
    setFocusOn(asking ? 'cancel' : 'delete');
  };

  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 text-sm"
      data-testid="audio-track-row"
      data-track-id={track.track_id}
    >
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_auto] md:items-start">
        <div className="flex flex-col gap-1">
          <Input
            id={`${base}-label`}
            dir="auto"
            value={draft ?? track.label}
            maxLength={80}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={saveLabel}
            onKeyDown={labelKeys}
            aria-label={`Label of ${name}`}
            className="h-9"
            {...describedBy(`${base}-label`, fields.label)}
          />
          {fields.label ? (
            <p id={fieldErrorId(`${base}-label`)} className="text-danger" role="alert">
              {fields.label}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <Select
            id={`${base}-language`}
            value={track.language.toLowerCase()}
            onChange={(event) => update.mutate({ track_id: track.track_id, language: event.target.value })}
            aria-label={`Language of ${name}`}
            className="h-9"
            {...describedBy(`${base}-language`, fields.language)}
          >
            {languages.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.name}
              </option>
            ))}
          </Select>
          {fields.language ? (
            <p id={fieldErrorId(`${base}-language`)} className="text-danger" role="alert">
              {fields.language}
            </p>
          ) : null}
        </div>
        <label className="flex h-9 items-center gap-2">
          <input
            type="radio"
            name={originalGroup}
            checked={isOriginal}
            onChange={() => onChooseOriginal(track)}
            aria-label={`Original: ${name}`}
            className="size-4 accent-brand"
          />
          Original
        </label>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          {track.source === 'stream' ? (
            'From the video'
          ) : (
            <>
              Uploaded: <bdi>{track.original_name ?? 'a sound file'}</bdi>
            </>
          )}
          {track.channels.length > 0 ? ` · ${channelsText(track.channels)}` : ''}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            id={moveButtonId(track.track_id, 'up')}
            variant="secondary"
            size="sm"
            disabled={first}
            onClick={() => onMove(track, 'up')}
            aria-label={`Move ${name} up`}
          >
            <ChevronDownIcon className="size-4 rotate-180" />
          </Button>
          <Button
            id={moveButtonId(track.track_id, 'down')}
            variant="secondary"
            size="sm"
            disabled={last}
            onClick={() => onMove(track, 'down')}
            aria-label={`Move ${name} down`}
          >
            <ChevronDownIcon className="size-4" />
          </Button>
          {confirming ? (
            <>
              <Button
                variant="danger"
                size="sm"
                busy={remove.isPending}
                onClick={() => remove.mutate(track.track_id, { onSuccess: onDeleted })}
                aria-label={`Yes, delete ${name}`}
              >
                Yes, delete
              </Button>
              <Button id={`${base}-cancel`} variant="ghost" size="sm" onClick={() => askDelete(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button
              id={`${base}-delete`}
              variant="danger"
              size="sm"
              onClick={() => askDelete(true)}
              aria-label={`Delete ${name}`}
            >
              Delete
            </Button>
          )}
        </div>
      </div>
      <TrackStatus track={track} />
      {update.isError && !fields.label && !fields.language ? <Alert>{update.error.message}</Alert> : null}
      {remove.isError ? <Alert>{remove.error.message}</Alert> : null}
    </li>
  );
}

/** Ready (with its length), queued or encoding (with its percent), or why it failed. */
function TrackStatus({ track }: { track: AudioTrack }) {
  if (track.status === 'ready')
    return (
      <p data-testid="audio-track-status" data-status={track.status}>
        <span className="font-semibold text-success">Ready</span>
        {track.duration ? (
          <span className="text-muted"> · {formatDuration(track.duration, 'en', { precise: true })}</span>
        ) : null}
      </p>
    );
  if (track.status === 'failed')
    return (
      <div data-testid="audio-track-status" data-status={track.status}>
        <Alert>
          <span className="font-semibold">Not playable.</span> {track.error ?? 'No reason was given.'}
        </Alert>
      </div>
    );
  return (
    <div
      className="flex flex-col gap-1"
      role="status"
      aria-live="polite"
      data-testid="audio-track-status"
      data-status={track.status}
    >
      <p className="text-muted">{track.status === 'queued' ? 'Queued for encoding…' : 'Encoding…'}</p>
      <ProgressBar value={track.progress} label={`${track.label} encoding`} tone="info" />
    </div>
  );
}
