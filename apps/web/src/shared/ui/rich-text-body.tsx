/** The typography of stored rich text: the tags the server keeps (p, lists, h2, h3, blockquote, links). */
const bodyClasses =
  'flex flex-col gap-4 text-base leading-relaxed [&_a]:text-brand-strong [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-border [&_blockquote]:ps-4 [&_blockquote]:text-muted [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:text-xl [&_h3]:font-semibold [&_li]:my-1 [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6';

/** Rich text as the server stored it: cleaned on its way in (allowed tags only, no attributes but a safe href). */
export function RichTextBody({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      // Each body takes the direction of its own first words: English in an Urdu page, or Urdu in an English one.
      dir="auto"
      className={bodyClasses}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
