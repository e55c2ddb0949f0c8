// What the measured page notes of itself for the Lighthouse bench: its LCP element and its layout shifts.
import type { LayoutShift } from './layoutShifts';

/** What the page saw of itself (see `WATCH_PAGE`). */
export interface PageSeen {
  lcp: PageLcp | null;
  shifts: LayoutShift[];
}

/** What the page's own largest-contentful-paint entry named. */
export interface PageLcp {
  selector: string;
  snippet: string;
  label: string;
  /** When it was painted, unthrottled (ms from the navigation's start). */
  time: number;
}

/**
 * Runs in the measured page before its scripts: keeps the last largest-contentful-paint entry's
 * element, and the layout shifts (without recent input) with the elements they moved. Lighthouse 12.2.3's own `largest-contentful-paint-element` audit fails with this
 * Chromium (its trace engine reads a `PipelineReporter` field newer Chromium no longer writes), so
 * these come from the page. Text, not a function: tsx would add its `__name` helper.
 */
export const WATCH_PAGE = `(() => {
  if (window.top !== window) return;
  const selectorOf = (element) => {
    const parts = [];
    for (let node = element; node && node.nodeType === 1 && node !== document.body && parts.length < 4; node = node.parentElement) {
      if (node.id) {
        parts.unshift(node.localName + '#' + CSS.escape(node.id));
        break;
      }
      parts.unshift(node.localName + [...node.classList].slice(0, 2).map((name) => '.' + CSS.escape(name)).join(''));
    }
    return parts.join(' > ');
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const html = element ? element.outerHTML : '';
      window.__benchLcp = {
        selector: element ? selectorOf(element) : '(no longer in the page)',
        snippet: html.slice(0, Math.min(html.indexOf('>') + 1 || 200, 200)),
        label: element ? (element.innerText || element.getAttribute('alt') || entry.url || '').trim().replace(/\\s+/g, ' ').slice(0, 80) : entry.url,
        time: entry.startTime,
      };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  window.__benchShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const box = (rect) => 'x ' + Math.round(rect.x) + ', y ' + Math.round(rect.y) + ', ' + Math.round(rect.width) + '×' + Math.round(rect.height);
      window.__benchShifts.push({
        value: entry.value,
        time: entry.startTime,
        hadRecentInput: entry.hadRecentInput,
        sources: (entry.sources || []).map((source) =>
          (source.node && source.node.nodeType === 1 ? selectorOf(source.node) : '(text or gone)') + ' from ' + box(source.previousRect) + ' to ' + box(source.currentRect)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

