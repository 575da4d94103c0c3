import { ADMIN_THEMES, type AdminSettings } from '@salomtv/contract';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { CloseIcon } from '../../../../shared/ui/icons';
import { type SettingsChange, useSaveAdminSettings } from '../api/admin-settings';

const SWATCHES: Record<AdminSettings['theme'], string> = {
  white: '#ffffff',
  cyan: '#0e7490',
  black: '#000000',
  purple: '#6d28d9',
  orange: '#c2410c',
  green: '#15803d',
  red: '#b91c1c',
};
const capital = (value: string) => value[0]!.toUpperCase() + value.slice(1);

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="mb-6">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-checked:border-brand has-checked:bg-surface-2"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="accent-brand"
            />
            {capital(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="mb-4 flex cursor-pointer items-center justify-between gap-3">
      <span className="text-sm font-semibold">{label}</span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative inline-block h-6 w-11 shrink-0 rounded-full border border-border bg-surface-2 transition-colors peer-checked:bg-brand peer-focus-visible:outline-2 peer-focus-visible:outline-focus after:absolute after:top-0.5 after:start-0.5 after:size-4.5 after:rounded-full after:bg-muted after:transition-transform peer-checked:after:translate-x-5 peer-checked:after:bg-white"
      />
    </label>
  );
}

/** The settings side panel (spec admin 1): saved per admin through /api/admin/settings at each change. */
export function SettingsPanel({
  open,
  settings,
  onClose,
}: {
  open: boolean;
  settings: AdminSettings;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const save = useSaveAdminSettings();
  const change = (value: SettingsChange) => save.mutate(value);

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is a mouse shortcut; Escape closes the dialog natively
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes the panel.
        if (event.target === dialog.current) onClose();
      }}
      className="admin-popover fixed inset-y-0 end-0 start-auto m-0 h-dvh max-h-dvh w-80 max-w-[90vw] border-s border-border bg-surface p-0 text-text shadow-card backdrop:bg-black/40"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-border px-5 py-4">
          <h2 id={titleId} className="text-lg font-bold">
            Settings
          </h2>
          <button
            type="button"
            aria-label="Close settings"
            onClick={onClose}
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-surface-2"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-5">
          <Choice
            legend="Layout"
            name="admin-layout"
            options={['light', 'dark'] as const}
            value={settings.layout}
            onChange={(layout) => change({ layout })}
          />
          <Choice
            legend="Sidebar colour"
            name="admin-sidebar"
            options={['light', 'dark'] as const}
            value={settings.sidebar}
            onChange={(sidebar) => change({ sidebar })}
          />
          <fieldset className="mb-6">
            <legend className="mb-2 text-sm font-semibold">Colour theme</legend>
            <div className="grid grid-cols-4 gap-2">
              {ADMIN_THEMES.map((theme) => (
                <label
                  key={theme}
                  className="flex cursor-pointer flex-col items-center gap-1 rounded-md p-1 text-xs has-checked:bg-surface-2 has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-focus"
                >
                  <input
                    type="radio"
                    name="admin-theme"
                    value={theme}
                    checked={settings.theme === theme}
                    onChange={() => change({ theme })}
                    className="sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={`size-8 rounded-full border-2 ${settings.theme === theme ? 'border-text' : 'border-border'}`}
                    style={{ backgroundColor: SWATCHES[theme] }}
                  />
                  {capital(theme)}
                </label>
              ))}
            </div>
          </fieldset>
          <Switch
            label="Mini Sidebar"
            checked={settings.mini_sidebar}
            onChange={(mini_sidebar) => change({ mini_sidebar })}
          />
          <Switch
            label="Sticky Header"
            checked={settings.sticky_header}
            onChange={(sticky_header) => change({ sticky_header })}
          />
          {save.isError ? <Alert>The settings could not be saved: {save.error.message}</Alert> : null}
        </div>
        <div className="border-t border-border px-5 py-4">
          <Button
            variant="secondary"
            className="w-full"
            busy={save.isPending && save.variables === 'reset'}
            onClick={() => change('reset')}
          >
            Restore Default
          </Button>
        </div>
      </div>
    </dialog>
  );
}
