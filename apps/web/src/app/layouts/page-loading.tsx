import { useT } from '../../shared/i18n/language-context';
import { LoadingState } from '../../shared/ui/loading-state';

/** Shown while the first page's chunk loads. */
export function PageLoading() {
  return <LoadingState label={useT()('loading')} fullScreen />;
}
