import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../../shared/api/api-error';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { useToast } from '../../../../shared/ui/toast-context';
import { useSaveLanguage } from '../api/save-language';
import { LanguageForm } from './language-form';

/** /addlanguage: a new language from the generated form; success goes back to the refreshed list. */
export function AddLanguagePage() {
  const save = useSaveLanguage();
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="Add language"
        actions={
          <Link to="/language" className={buttonClasses('secondary', 'sm')}>
            All Languages
          </Link>
        }
      />
      <LanguageForm
        busy={save.isPending}
        error={isApiError(save.error) ? save.error : null}
        onSubmit={(form) =>
          save.mutate(form, {
            onSuccess: (added) => {
              toast.show(`${added.language_title} added`);
              navigate('/language');
            },
          })
        }
      />
    </>
  );
}
