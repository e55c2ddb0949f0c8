import type { OrderCriteria } from '../../domain/model/orderQuery';
import { parseSortParameter } from '../../domain/model/OrderSort';
import { isOrderStatus } from '../../../shared/OrderStatus';

/** Status, search and sort as a URL's search holds them (`?status=new&status=confirmed&q=…&sort=-begin`). */
export function orderCriteriaFromSearch(search: string): OrderCriteria {
  const params = new URLSearchParams(search);
  return {
    status: params.getAll('status').filter(isOrderStatus),
    q: params.get('q') ?? '',
    sort: parseSortParameter(params.get('sort')),
  };
}
