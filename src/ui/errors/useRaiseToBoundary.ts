import { useCallback, useState } from 'react';

/**
 * A function that hands an error raised outside React's render (a MobX reaction writing the DOM,
 * say) to the component's nearest error boundary, as if the component had thrown it while
 * rendering: the route's error panel shows it and telemetry records it, instead of the reaction
 * swallowing it.
 */
export function useRaiseToBoundary(): (error: unknown) => void {
  const [, setState] = useState<null>(null);
  return useCallback((error: unknown) => {
    setState(() => {
      throw error;
    });
  }, []);
}
