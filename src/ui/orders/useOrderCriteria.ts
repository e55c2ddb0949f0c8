import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import { orderCriteriaFromSearch } from './orderCriteriaFromSearch';
import { orderCriteriaSearch } from './orderCriteriaSearch';

/**
 * The list's criteria live in the URL (`?status=new&status=confirmed&q=…&station=…&sort=-begin`), so a
 * view can be shared as a link; they are not persisted. They are read by `orderCriteriaFromSearch`,
 * as `preloadFirstScreen` reads them at start. The criteria are the same object while the search is
 * the same, and the function that changes them is one for the page's life (the router's setter is
 * a new one whenever the path changes: an order opened), so what takes them draws again only when
 * they change.
 */
export function useOrderCriteria(): [OrderCriteria, (change: Partial<OrderCriteria>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const criteria = useMemo<OrderCriteria>(() => orderCriteriaFromSearch(key), [key]);
  const latest = useRef({ criteria, setParams });
  latest.current = { criteria, setParams };
  const update = useCallback((change: Partial<OrderCriteria>) => {
    const { criteria: current, setParams: set } = latest.current;
    set(orderCriteriaSearch({ ...current, ...change }), { replace: true });
  }, []);
  return [criteria, update];
}
