import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** The page of the small build: nonce placeholders the backend fills in, and the hashed script it loads. */
const INDEX_HTML = `<!doctype html>
<html><head><meta name="csp-nonce" content="__CSP_NONCE__"><title>Order Cockpit</title>
<script src="/main.3f2a1b9c.js" defer></script></head>
<body><div id="root"></div><style nonce="__CSP_NONCE__"></style></body></html>`;

/**
 * Writes a small console build into `staticDir`: the page, a hashed script (`console.log("cockpit");`)
 * and style sheet (`main.3f2a1b9c.js`, `.css`), the web app manifest and the service worker (`sw.js`).
 */
export function writeSmallConsoleBuild(staticDir: string): void {
  writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(staticDir, 'main.3f2a1b9c.js'), 'console.log("cockpit");');
  writeFileSync(path.join(staticDir, 'main.3f2a1b9c.css'), 'body { margin: 0 }');
  writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"Order Cockpit"}');
  writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
}
