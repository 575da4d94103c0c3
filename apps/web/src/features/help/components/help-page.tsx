import { useQuery } from '@tanstack/react-query';
import { roleQuery } from '../../../shared/api/session';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useT } from '../../../shared/i18n/language-context';
import { LoadingState } from '../../../shared/ui/loading-state';
import { HelpForm } from './help-form';
import { MyTickets } from './my-tickets';

/** Help (/help): the feedback form and, for a signed-in viewer, their tickets with our answers. */
export function HelpPage() {
  const t = useT();
  useDocumentTitle(t('help'));
  const role = useQuery(roleQuery());
  if (role.isPending) return <LoadingState label={t('loading')} />;
  const signedIn = Boolean(role.data);
  return (
    <div className="mx-auto w-full max-w-screen-lg px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('help')}</h1>
      <p className="mt-3 max-w-2xl text-muted">{t('help_intro')}</p>
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-2">
        <HelpForm signedIn={signedIn} />
        <MyTickets signedIn={signedIn} />
      </div>
    </div>
  );
}
