import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill, htmlLangOf } from '../../../shared/i18n/translate';
import { buttonClasses } from '../../../shared/ui/button-classes';
import type { PlaybackGate } from '../lib/playback-session';
import { watchingSince } from '../lib/watching-since';

/**
 * Why a feature does not play: the stream limit (who watches what since when, with Stop per device), this
 * device stopped from another, no plan, a plan too small, signed out.
 */
export function GateNotice({
  gate,
  onStop,
  onRetry,
}: {
  gate: PlaybackGate;
  onStop: (playbackId: string) => void;
  onRetry: () => void;
}) {
  const { t, keyword } = useLanguage();
  const box =
    'flex size-full flex-col items-center justify-center gap-3 bg-black/80 p-4 text-center text-white';
  if (gate.state === 'limit')
    return (
      <div className={box} role="alert" data-testid="stream-limit">
        <p>{t('stream_limit')}</p>
        <ul className="flex flex-col gap-2">
          {gate.active.map((session) => (
            <li key={session.playback_id} className="flex items-center gap-3" data-testid="stream-device">
              <span className="flex flex-col items-start text-start">
                <span className="font-semibold">
                  {session.profile ? (
                    <>
                      <bdi data-testid="stream-profile">{session.profile}</bdi>
                      {' · '}
                    </>
                  ) : null}
                  <bdi>{session.device_label}</bdi>
                </span>
                <span className="text-sm text-white/80">
                  {session.title ? (
                    <>
                      <bdi>{session.title}</bdi>
                      {' · '}
                    </>
                  ) : null}
                  {fill(t('watching_since'), {
                    time: watchingSince(session.started_at, htmlLangOf(keyword)),
                  })}
                </span>
              </span>
              <button
                type="button"
                className={buttonClasses('secondary', 'sm')}
                onClick={() => onStop(session.playback_id)}
              >
                {t('stop')}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  if (gate.state === 'stopped')
    return (
      <div className={box} role="alert" data-testid="stream-stopped">
        <p>{t('playback_stopped_elsewhere')}</p>
        <button type="button" className={buttonClasses('primary', 'md')} onClick={onRetry}>
          {t('watch_here')}
        </button>
      </div>
    );
  if (gate.state === 'subscribe' || gate.state === 'upgrade')
    return (
      <div className={box} role="alert" data-testid="subscribe-prompt">
        <p>{gate.state === 'upgrade' ? t('upgrade_to_watch') : t('subscribe_to_watch')}</p>
        <Link to="/pricingplan" className={buttonClasses('primary', 'md')}>
          {t('pricing_plan')}
        </Link>
      </div>
    );
  if (gate.state === 'signin')
    return (
      <div className={box} role="alert">
        <p>{t('sign_in_to_watch')}</p>
        <Link to="/signin" className={buttonClasses('primary', 'md')}>
          {t('sign_in')}
        </Link>
      </div>
    );
  if (gate.state === 'error')
    return (
      <div className={box} role="alert">
        <p>{gate.message ?? t('something_went_wrong')}</p>
      </div>
    );
  return null;
}
