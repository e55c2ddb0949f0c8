/**
 * `document` with the section whose heading starts with `heading` replaced by `section`, up to the next
 * `## ` heading; every other section stays where it is. A missing section goes before the section whose
 * heading starts with `before` when there is one, else at the end.
 */
export function replaceSection(document: string, heading: string, section: string, before?: string): string {
  const lines = document.split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  const body = section.trimEnd().split('\n');
  if (start < 0) {
    const next = before === undefined ? -1 : lines.findIndex((line) => line.startsWith(before));
    if (next >= 0) {
      return [...lines.slice(0, next), ...body, '', ...lines.slice(next)].join('\n');
    }
    return document.trim() === '' ? `${body.join('\n')}\n` : `${document.trimEnd()}\n\n${body.join('\n')}\n`;
  }
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const end = next < 0 ? lines.length : next;
  const after = lines.slice(end);
  return [...lines.slice(0, start), ...body, ...(after.length > 0 ? ['', ...after] : [''])].join('\n');
}
