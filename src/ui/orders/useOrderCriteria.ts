import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import { sortParameter, DEFAULT_ORDER_SORT } from '../../domain/model/OrderSort';
import { orderCriteriaFromSearch } from './orderCriteriaFromSearch';

/**
 * Status, search and sort live in the URL (`?status=new&status=confirmed&q=…&sort=-begin`), so a
 * view can be shared as a link; they are not persisted. They are read by `orderCriteriaFromSearch`,
 * as `preloadFirstScreen` reads them at start.
 */
export function useOrderCriteria(): [OrderCriteria, (change: Partial<OrderCriteria>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const criteria = useMemo<OrderCriteria>(() => orderCriteriaFromSearch(key), [key]);
  const update = useCallback(
    (change: Partial<OrderCriteria>) => {
      const next = { ...criteria, ...change };
      const search = new URLSearchParams();
      next.status.forEach((status) => search.append('status', status));
      if (next.q.trim()) {
        search.set('q', next.q.trim());
      }
      if (sortParameter(next.sort) !== sortParameter(DEFAULT_ORDER_SORT)) {
        search.set('sort', sortParameter(next.sort));
      }
      setParams(search, { replace: true });
    },
    [criteria, setParams],
  );
  return [criteria, update];
}
