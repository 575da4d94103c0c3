import { type ChangeEvent, useRef, useState } from 'react';
import { type ApiError, isApiError } from '../../../../shared/api/api-error';
import { Button } from '../../../../shared/ui/button';
import { useToast } from '../../../../shared/ui/toast-context';
import { downloadLanguageExport, useImportLanguage } from '../api/transfer-language';

/** Export (download JSON) and Import (upload JSON) of one language's texts, for translators. */
export function TransferButtons({
  langId,
  onError,
}: {
  langId: number;
  onError: (error: ApiError | null) => void;
}) {
  const toast = useToast();
  const importLanguage = useImportLanguage(langId);
  const [exporting, setExporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const exportFile = async () => {
    setExporting(true);
    onError(null);
    try {
      await downloadLanguageExport(langId);
    } catch (error) {
      if (isApiError(error)) onError(error);
    } finally {
      setExporting(false);
    }
  };
  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    onError(null);
    importLanguage.mutate(file, {
      onSuccess: () => toast.show('Updated'),
      onError: (error) => onError(isApiError(error) ? error : null),
    });
  };

  return (
    <>
      <Button variant="secondary" size="sm" busy={exporting} onClick={() => void exportFile()}>
        Export JSON
      </Button>
      <Button
        variant="secondary"
        size="sm"
        busy={importLanguage.isPending}
        onClick={() => fileInput.current?.click()}
      >
        Import JSON
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        className="hidden"
        aria-label="Import JSON file"
        data-testid="import-file"
        onChange={importFile}
      />
    </>
  );
}
