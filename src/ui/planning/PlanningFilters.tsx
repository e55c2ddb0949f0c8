import { observer } from 'mobx-react-lite';
import { useCallback } from 'react';
import type { OrderStatus } from '../../../shared/OrderStatus';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { DateRangeFilter } from '../orders/DateRangeFilter';
import { DoubleBookedFilter, FacetFilters } from '../orders/FacetFilters';
import { SearchBox } from '../orders/SearchBox';
import { StatusFilter } from '../orders/StatusFilter';
import { useService } from '../services/useService';

export interface PlanningFiltersProps {
  criteria: OrderCriteria;
  onCriteria(change: Partial<OrderCriteria>): void;
}

/** The list's filters the board shares (the same components, the same URL and days): days, status, search, stations, services, only double bookings. */
export const PlanningFilters = observer(function PlanningFilters({ criteria, onCriteria }: PlanningFiltersProps) {
  const board = useService(PlanningBoardStore);
  const onSearch = useCallback((q: string) => onCriteria({ q }), [onCriteria]);
  const onStatus = useCallback((status: OrderStatus[]) => onCriteria({ status }), [onCriteria]);
  const readFacets = useCallback(() => void board.readFacets(), [board]);
  return (
    <section className="cockpit-orders-filter">
      <DateRangeFilter />
      <StatusFilter selected={criteria.status} onChange={onStatus} />
      <SearchBox value={criteria.q} onChange={onSearch} />
      <FacetFilters facets={board.facets} criteria={criteria} onCriteria={onCriteria} onOpen={readFacets} failed={false} />
      <DoubleBookedFilter criteria={criteria} onCriteria={onCriteria} />
    </section>
  );
});
