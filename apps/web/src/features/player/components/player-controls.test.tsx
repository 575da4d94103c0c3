// @vitest-environment happy-dom

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type Hls from 'hls.js';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../shared/testing/render-in-app';
import type { useVideo } from '../lib/use-video';
import { PlayerControls } from './player-controls';

/**
 * The hls.js instance of a stream with these rendition heights, in hls.js's order. The server's playlist holds
 * only the renditions the viewer's plan allows, so this is what the plan lets them receive.
 */
function streamOf(heights: number[], audioTracks: { lang: string; name: string }[] = []) {
  return {
    levels: heights.map((height) => ({ height })),
    subtitleTracks: [],
    audioTracks,
    subtitleTrack: -1,
    audioTrack: 0,
    currentLevel: -1,
    on: () => undefined,
    off: () => undefined,
  };
}

function renderControls(
  options: {
    heights?: number[];
    prerolling?: boolean;
    audio?: { lang: string; name: string }[];
    onAudioChosen?: (language: string) => void;
  } = {},
) {
  const stream = streamOf(options.heights ?? [480, 720, 1080], options.audio);
  const video = document.createElement('video');
  const player = {
    videoRef: { current: video },
    element: video,
    hls: stream as unknown as Hls,
    state: { playing: true, currentTime: 65, duration: 3725, percent: 2, volume: 1, muted: false },
    controls: {
      saveNow: vi.fn(async () => undefined),
      toggle: vi.fn(),
      seekTo: vi.fn(),
      seekBy: vi.fn(),
      toggleMute: vi.fn(),
      playAddress: vi.fn(),
      setVolume: vi.fn(),
    },
  } satisfies ReturnType<typeof useVideo>;
  renderInApp(
    <PlayerControls
      player={player}
      frameRef={{ current: document.createElement('div') }}
      visible
      cues={[]}
      prerolling={options.prerolling ?? false}
      castTarget={null}
      onAudioChosen={options.onAudioChosen}
    />,
  );
  return { stream, video, player, user: userEvent.setup() };
}

/** The choices of the open menu, and whether each is the checked one. */
const choicesOf = () =>
  screen.getAllByRole('menuitemradio').map((item) => ({
    label: item.textContent,
    checked: item.getAttribute('aria-checked') === 'true',
  }));

describe('the player controls', () => {
  it('show the time played and the length', () => {
    renderControls();
    expect(screen.getByTestId('player-time').textContent).toBe('1:05');
    expect(screen.getByText('62:05')).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Playback position' }).getAttribute('aria-valuetext')).toBe(
      '1:05 / 62:05',
    );
  });

  it("offer Auto and each quality the plan's stream carries, highest first", async () => {
    const { user } = renderControls({ heights: [480, 720, 1080] });
    await user.click(screen.getByRole('button', { name: 'Quality: Auto' }));
    expect(choicesOf().map((choice) => choice.label)).toEqual(['Auto', '1080p', '720p', '480p']);
    expect(
      choicesOf()
        .filter((choice) => choice.checked)
        .map((choice) => choice.label),
    ).toEqual(['Auto']);
  });

  it('offer nothing above what a lower plan receives', async () => {
    const { user } = renderControls({ heights: [480] });
    await user.click(screen.getByRole('button', { name: 'Quality: Auto' }));
    expect(choicesOf().map((choice) => choice.label)).toEqual(['Auto', '480p']);
  });

  it('open a menu from the keyboard on the checked choice, move with the arrows and choose with Enter', async () => {
    const { user, stream } = renderControls({ heights: [480, 720, 1080] });
    const button = screen.getByRole('button', { name: 'Quality: Auto' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu', { name: 'Quality' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Auto');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('720p');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(stream.currentLevel).toBe(1);
    const chosen = screen.getByRole('button', { name: 'Quality: 720p' });
    expect(document.activeElement).toBe(chosen);
  });

  it('close a menu on Escape, back on its button, choosing nothing', async () => {
    const { user, stream } = renderControls();
    const button = screen.getByRole('button', { name: 'Quality: Auto' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu', { name: 'Quality' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(stream.currentLevel).toBe(-1);
  });

  it('play at the chosen speed and say it on the button', async () => {
    const { user, video } = renderControls();
    const button = screen.getByRole('button', { name: 'Speed: 1x' });
    expect(button.textContent).toBe('1x');
    await user.click(button);
    expect(choicesOf().map((choice) => choice.label)).toEqual(['0.5x', '0.75x', '1x', '1.25x', '1.5x', '2x']);
    await user.click(screen.getByRole('menuitemradio', { name: '1.5x' }));
    expect(video.playbackRate).toBe(1.5);
    expect(video.defaultPlaybackRate).toBe(1.5);
    expect(screen.getByRole('button', { name: 'Speed: 1.5x' }).textContent).toBe('1.5x');
  });

  it('switch the audio track from its menu and say which language to remember for the title', async () => {
    const onAudioChosen = vi.fn();
    const { user, stream } = renderControls({
      audio: [
        { lang: 'en', name: 'Original' },
        { lang: 'ru', name: 'Русский дубляж' },
        { lang: 'uz', name: '' },
      ],
      onAudioChosen,
    });
    await user.click(screen.getByTestId('audio-menu'));
    expect(choicesOf()).toEqual([
      { label: 'Original', checked: true },
      { label: 'Русский дубляж', checked: false },
      { label: 'Uzbek', checked: false },
    ]);
    await user.click(screen.getByRole('menuitemradio', { name: 'Русский дубляж' }));
    expect(stream.audioTrack).toBe(1);
    expect(onAudioChosen).toHaveBeenCalledWith('ru');
  });

  it('offer no audio menu for a title with one track', () => {
    renderControls({ audio: [{ lang: 'en', name: 'Original' }] });
    expect(screen.queryByTestId('audio-menu')).toBeNull();
  });

  it('offer no quality or speed choice while a pre-roll plays', () => {
    renderControls({ prerolling: true });
    expect(screen.queryByTestId('quality-menu')).toBeNull();
    expect(screen.queryByTestId('speed-menu')).toBeNull();
    expect(screen.queryByRole('slider', { name: 'Playback position' })).toBeNull();
  });

  it('keep Space, M and the arrows for the player after a click on the seek bar', async () => {
    const { player, user } = renderControls();
    await user.click(screen.getByRole('slider', { name: 'Playback position' }));
    player.controls.seekTo.mockClear();
    await user.keyboard(' ');
    expect(player.controls.toggle).toHaveBeenCalledTimes(1);
    await user.keyboard('m');
    expect(player.controls.toggleMute).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowRight}');
    expect(player.controls.seekBy).toHaveBeenCalledWith(10);
    // The seek bar itself did not move by the key: the player stepped 10 s instead.
    expect(player.controls.seekTo).not.toHaveBeenCalled();
  });

  it('leave Space to a focused button, and arrows to the volume slider', async () => {
    const { player, user } = renderControls();
    await user.click(screen.getByRole('slider', { name: 'Volume' }));
    player.controls.setVolume.mockClear();
    await user.keyboard('{ArrowUp}');
    // The slider's own step, not the player's 0.1.
    expect(player.controls.setVolume).not.toHaveBeenCalledWith(1.1);
    await user.keyboard('m');
    expect(player.controls.toggleMute).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Pause' }).focus();
    await user.keyboard(' ');
    // Space pressed the button (one toggle), the player did not toggle a second time.
    expect(player.controls.toggle).toHaveBeenCalledTimes(1);
  });
});
