/** `document` with the section whose heading starts with `heading` replaced by `section` (appended when missing). */
export function replaceSection(document: string, heading: string, section: string): string {
  const lines = document.split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  const body = section.trimEnd().split('\n');
  if (start < 0) {
    return `${document.trimEnd()}\n\n${body.join('\n')}\n`;
  }
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const end = next < 0 ? lines.length : next;
  const after = lines.slice(end);
  return [...lines.slice(0, start), ...body, ...(after.length > 0 ? ['', ...after] : [''])].join('\n');
}
