import { useEffect } from 'react';
import { AppStability } from '../../domain/lifecycle/AppStability';
import { useService } from '../services/useService';

/** A page tells that it has rendered: with its requests settled, the console counts as stable. */
export function useRouteRendered(): void {
  const stability = useService(AppStability);
  useEffect(() => stability.markRendered(), [stability]);
}
