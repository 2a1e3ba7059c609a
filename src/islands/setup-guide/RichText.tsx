/** Text with `backtick` spans shown as code (commands, variables, paths). React escapes the rest. */
export function RichText({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 && index < parts.length - 1 ? (
          <code key={index} className="rounded bg-ink/5 px-1.5 py-0.5 font-mono text-[0.9em] text-ink">
            {part}
          </code>
        ) : (
          <span key={index}>{index % 2 === 1 ? `\`${part}` : part}</span>
        ),
      )}
    </>
  );
}

/** Lines of the guide's rich text as list items (steps numbered, tips and checks bulleted). */
export function RichTextItems({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    <li key={index}>
      <RichText text={line} />
    </li>
  ));
}
