import { observer } from 'mobx-react-lite';
import { useCallback, useId, useState, type RefObject } from 'react';
import type { OrderStatus } from '../../../shared/OrderStatus';
import { activeFilterCount } from '../../domain/model/activeFilters';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import { SessionStore } from '../../domain/ports/SessionStore';
import { OrderFacetsStore } from '../../domain/stores/OrderFacetsStore';
import { useService } from '../services/useService';
import { DateRangeFilter } from './DateRangeFilter';
import { DoubleBookedFilter, FacetFilters } from './FacetFilters';
import { FilterToggle } from './FilterToggle';
import { PriceFilter } from './PriceFilter';
import { SearchBox } from './SearchBox';
import { StatusFilter } from './StatusFilter';
import { ViewsMenu } from './ViewsMenu';

export interface OrdersFiltersProps {
  criteria: OrderCriteria;
  onCriteria(change: Partial<OrderCriteria>): void;
  phone: boolean;
  /** The search field, which the key `/` focuses. */
  search: RefObject<HTMLInputElement>;
}

/**
 * The list's filters: saved views, the days, status, search, stations, services, price and only double bookings; on a
 * phone behind a button, so the cards come first. It draws again only when the criteria or what it
 * shows change, not when the page does (an order opened, the cursor moved).
 */
export const OrdersFilters = observer(function OrdersFilters({ criteria, onCriteria, phone, search }: OrdersFiltersProps) {
  const session = useService<SessionStore>(SessionStore);
  const facets = useService(OrderFacetsStore);
  const [open, setOpen] = useState(false);
  const id = useId();
  const onSearch = useCallback((q: string) => onCriteria({ q }), [onCriteria]);
  const onStatus = useCallback((status: OrderStatus[]) => onCriteria({ status }), [onCriteria]);
  const loadFacets = useCallback(() => void facets.load(), [facets]);
  return (
    <>
      {phone && (
        <div className="cockpit-orders-filter-bar">
          <FilterToggle active={activeFilterCount(criteria)} open={open} language={session.language} onToggle={() => setOpen(!open)} controls={id} />
        </div>
      )}
      <section className="cockpit-orders-filter" id={id} hidden={phone && !open}>
        <ViewsMenu criteria={criteria} onCriteria={onCriteria} />
        <DateRangeFilter />
        <StatusFilter selected={criteria.status} onChange={onStatus} />
        <SearchBox ref={search} value={criteria.q} onChange={onSearch} />
        <FacetFilters facets={facets.facets} criteria={criteria} onCriteria={onCriteria} onOpen={loadFacets} failed={facets.state === 'error'} />
        <PriceFilter min={criteria.priceMin} max={criteria.priceMax} language={session.language} onChange={(priceMin, priceMax) => onCriteria({ priceMin, priceMax })} />
        <DoubleBookedFilter criteria={criteria} onCriteria={onCriteria} />
      </section>
    </>
  );
});
