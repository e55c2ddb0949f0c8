// Reads a PDF from stdin and writes its page count and text as JSON: `{ "pages": 1, "text": "…" }`.
// A process of its own because pdf.js sets up its worker with a dynamic import of an ES module,
// which Jest's CommonJS module loader cannot do (test/browser/support/pdfText.ts runs it).
import { PDFParse } from 'pdf-parse';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
try {
  const result = await parser.getText({ pageJoiner: '' });
  process.stdout.write(JSON.stringify({ pages: result.total, text: result.text }));
} finally {
  await parser.destroy();
}
