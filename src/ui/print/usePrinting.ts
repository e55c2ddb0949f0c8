import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the browser is printing the page now: true from its `beforeprint` to its `afterprint`
 * (Ctrl/Cmd+P, the print dialog, `window.print()`). The change to true is rendered before the
 * handler returns, so what only a print shows is on the page when the browser lays it out for
 * paper. `onAfterPrint` runs when the print is over.
 */
export function usePrinting(onAfterPrint?: () => void): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => {
      setPrinting(false);
      onAfterPrint?.();
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [onAfterPrint]);
  return printing;
}
