import type { LanguageSummary } from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value';
import { languageListQuery } from '../../../../shared/i18n/languages-api';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { buttonClasses } from '../../../../shared/ui/button-classes';
import { SearchIcon } from '../../../../shared/ui/icons';
import { Input } from '../../../../shared/ui/input';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { useToast } from '../../../../shared/ui/toast-context';
import { useDeleteLanguage } from '../api/delete-language';
import { LanguageRow } from './language-row';

/** /language: All Languages, searchable on the server, with Edit and Delete per row. */
export function LanguageListPage() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const list = useQuery({ ...languageListQuery(debounced), placeholderData: keepPreviousData });
  const remove = useDeleteLanguage();
  const toast = useToast();

  const onDelete = (language: LanguageSummary) =>
    remove.mutate(language.lang_id, { onSuccess: () => toast.show(`${language.language_title} deleted`) });

  return (
    <>
      <AdminPageHeader
        title="All Languages"
        actions={
          <Link to="/addlanguage" className={buttonClasses('primary', 'md')}>
            Add language
          </Link>
        }
      />
      <div className="mb-4 max-w-sm">
        <label htmlFor="language-search" className="sr-only">
          Search languages
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
          <Input
            id="language-search"
            type="search"
            placeholder="Search by title or keyword"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="ps-9"
          />
        </div>
      </div>
      {remove.isError ? (
        <div className="mb-4">
          <Alert>{remove.error.message}</Alert>
        </div>
      ) : null}
      {list.isPending ? <LoadingState label="Loading languages…" /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data ? (
        <div
          className="overflow-x-auto rounded-card border border-border bg-surface"
          aria-busy={list.isFetching}
        >
          <table className="w-full min-w-[560px] text-start text-sm">
            <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 text-start">
                  Image
                </th>
                <th scope="col" className="px-4 py-3 text-start">
                  Title
                </th>
                <th scope="col" className="px-4 py-3 text-start">
                  keyword
                </th>
                <th scope="col" className="px-4 py-3 text-start">
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((language) => (
                <LanguageRow
                  key={language.lang_id}
                  language={language}
                  deleting={remove.isPending && remove.variables === language.lang_id}
                  onDelete={onDelete}
                />
              ))}
              {list.data.length === 0 ? (
                <tr>
                  <td colSpan={4} className="px-4 py-8 text-center text-muted">
                    No language matches “{debounced}”.
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
