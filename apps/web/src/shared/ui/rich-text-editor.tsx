import { useEffect, useRef } from 'react';

const TOOLS = [
  { command: 'bold', label: 'Bold', text: 'B', className: 'font-bold' },
  { command: 'italic', label: 'Italic', text: 'I', className: 'italic' },
  { command: 'insertUnorderedList', label: 'Bulleted list', text: '• List', className: '' },
  { command: 'insertOrderedList', label: 'Numbered list', text: '1. List', className: '' },
] as const;

interface RichTextEditorProps {
  id: string;
  label: string;
  /** HTML; read once when the editor mounts (remount it with a key to load another text). */
  value: string;
  onChange: (html: string) => void;
  error?: string;
}

/**
 * The spec's "content" area: a small contentEditable editor with bold, italic and lists (Ctrl+B and Ctrl+I
 * work too). It produces plain HTML (p, strong, em, ul, ol, li) that the server sanitises again.
 */
export function RichTextEditor({ id, label, value, onChange, error }: RichTextEditorProps) {
  const editor = useRef<HTMLDivElement>(null);
  const initial = useRef(value);

  useEffect(() => {
    if (editor.current) editor.current.innerHTML = initial.current;
  }, []);

  const emit = () => {
    const html = editor.current?.innerHTML ?? '';
    onChange(editor.current?.textContent?.trim() ? html : '');
  };
  const run = (command: string) => {
    editor.current?.focus();
    document.execCommand(command);
    emit();
  };

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div
        className={`overflow-hidden rounded-md border bg-surface-2 focus-within:border-brand ${error ? 'border-danger' : 'border-border'}`}
      >
        <div
          role="toolbar"
          aria-label={`${label} formatting`}
          className="flex gap-1 border-b border-border p-1"
        >
          {TOOLS.map((tool) => (
            <button
              key={tool.command}
              type="button"
              aria-label={tool.label}
              title={tool.label}
              // Keep the selection in the editor: a mouse press on the button must not take focus from it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(tool.command)}
              className={`h-8 min-w-8 rounded px-2 text-sm text-muted hover:bg-bg hover:text-text ${tool.className}`}
            >
              {tool.text}
            </button>
          ))}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor is a contentEditable textbox */}
        <div
          id={id}
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          tabIndex={0}
          contentEditable
          suppressContentEditableWarning
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={emit}
          onBlur={emit}
          className="prose-editor min-h-36 px-3 py-2 text-sm leading-relaxed focus:outline-none [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:ps-6"
        />
      </div>
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
