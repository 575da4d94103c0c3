import { useT } from '../i18n/language-context';
import { Button } from './button';

/** A list that could not load: says so (announced) and offers to ask again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col items-start gap-3">
      <p role="alert">{t('something_went_wrong')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('try_again')}
      </Button>
    </div>
  );
}
