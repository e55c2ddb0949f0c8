import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import { orderCriteriaFromSearch } from './orderCriteriaFromSearch';
import { orderCriteriaSearch } from './orderCriteriaSearch';

/**
 * The list's criteria live in the URL (`?status=new&status=confirmed&q=…&station=…&sort=-begin`), so a
 * view can be shared as a link; they are not persisted. They are read by `orderCriteriaFromSearch`,
 * as `preloadFirstScreen` reads them at start.
 */
export function useOrderCriteria(): [OrderCriteria, (change: Partial<OrderCriteria>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const criteria = useMemo<OrderCriteria>(() => orderCriteriaFromSearch(key), [key]);
  const update = useCallback(
    (change: Partial<OrderCriteria>) => setParams(orderCriteriaSearch({ ...criteria, ...change }), { replace: true }),
    [criteria, setParams],
  );
  return [criteria, update];
}
