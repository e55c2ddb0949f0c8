import { spawn } from 'node:child_process';
import path from 'node:path';

/** A PDF's page count and text, read with pdf-parse (pdf.js) in a Node process of its own (see readPdfText.mjs). */
export function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'readPdfText.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`reading the PDF failed (${code}): ${err}`));
      else resolve(JSON.parse(out) as { pages: number; text: string });
    });
    child.stdin.end(pdf);
  });
}
