import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { titleQuery } from '../../../shared/api/catalog';
import type { PopupState } from '../../../shared/hooks/open-title';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { LoadingState } from '../../../shared/ui/loading-state';
import { PopupDialog } from './popup-dialog';
import { PopupPlayer } from './popup-player';

/** The popup player for `?title=<id>` on any viewer page (the layout hides the header and footer meanwhile). */
export function PopupHost({ movieId }: { movieId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const details = useQuery(titleQuery(movieId, useKeyword()));
  const openedHere = (location.state as PopupState | null)?.popup === true;

  const close = useCallback(() => {
    if (openedHere) {
      navigate(-1);
      return;
    }
    const params = new URLSearchParams(location.search);
    params.delete('title');
    params.delete('trailer');
    params.delete('episode');
    params.delete('play');
    const search = params.toString();
    // /popup has nothing under the dialog: closing it leads home.
    const pathname = /^\/popup\/?$/i.test(location.pathname) ? '/home' : location.pathname;
    navigate({ pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [openedHere, navigate, location.search, location.pathname]);

  return (
    <PopupDialog label={details.data?.title ?? t('loading')} onClose={close}>
      {details.isPending ? (
        <LoadingState label={t('loading')} />
      ) : details.isError ? (
        // A title that does not exist, or is above this profile's maturity, is not found.
        <p className="p-8 text-center text-muted" role="alert" data-testid="title-not-found">
          {isApiError(details.error) && details.error.status === 404
            ? t('title_not_found')
            : t('something_went_wrong')}
        </p>
      ) : (
        <PopupPlayer key={movieId} details={details.data} />
      )}
    </PopupDialog>
  );
}
