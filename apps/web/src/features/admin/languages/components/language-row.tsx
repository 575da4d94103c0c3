import type { LanguageSummary } from '@salomtv/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { FlagImage } from '../../../../shared/i18n/flag-image';
import { Button } from '../../../../shared/ui/button';
import { buttonClasses } from '../../../../shared/ui/button-classes';

interface LanguageRowProps {
  language: LanguageSummary;
  deleting: boolean;
  onDelete: (language: LanguageSummary) => void;
}

/** One language: flag, title, keyword, Edit and (not for the default language) Delete with a confirmation. */
export function LanguageRow({ language, deleting, onDelete }: LanguageRowProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <tr className="border-t border-border">
      <td className="px-4 py-3">
        <FlagImage src={language.flag} className="h-8 w-12" />
      </td>
      <td className="px-4 py-3 font-medium">
        <span dir={language.dir}>{language.language_title}</span>
        {language.is_default ? (
          <span className="ms-2 rounded bg-surface-2 px-2 py-0.5 text-xs text-muted">default</span>
        ) : null}
      </td>
      <td className="px-4 py-3 font-mono text-sm text-muted">{language.keyword}</td>
      <td className="px-4 py-3">
        {confirming ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm">
              Delete {language.language_title}? Its translated titles, genre names and legal pages go with it.
            </span>
            <Button variant="danger" size="sm" busy={deleting} onClick={() => onDelete(language)}>
              Yes, delete
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={`/editlanguage?lang_id=${language.lang_id}`}
              state={{ language }}
              className={buttonClasses('secondary', 'sm')}
              aria-label={`Edit ${language.language_title}`}
            >
              Edit
            </Link>
            {language.is_default ? null : (
              <Button
                variant="danger"
                size="sm"
                onClick={() => setConfirming(true)}
                aria-label={`Delete ${language.language_title}`}
              >
                Delete
              </Button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
