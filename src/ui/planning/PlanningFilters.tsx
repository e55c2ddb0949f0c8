import { Switch } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../shared/OrderStatus';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import { PlanningBoardStore } from '../../domain/stores/PlanningBoardStore';
import { DateRangeFilter } from '../orders/DateRangeFilter';
import { SearchBox } from '../orders/SearchBox';
import { StatusFilter } from '../orders/StatusFilter';
import { ValuesFilter } from '../orders/ValuesFilter';
import { useService } from '../services/useService';

export interface PlanningFiltersProps {
  criteria: OrderCriteria;
  onCriteria(change: Partial<OrderCriteria>): void;
}

/** The list's filters the board shares (the same components, the same URL and days): days, status, search, stations, services, only double bookings. */
export const PlanningFilters = observer(function PlanningFilters({ criteria, onCriteria }: PlanningFiltersProps) {
  const { t } = useTranslation();
  const board = useService(PlanningBoardStore);
  const onSearch = useCallback((q: string) => onCriteria({ q }), [onCriteria]);
  const onStatus = useCallback((status: OrderStatus[]) => onCriteria({ status }), [onCriteria]);
  const readFacets = useCallback(() => void board.readFacets(), [board]);
  return (
    <section className="cockpit-orders-filter">
      <DateRangeFilter />
      <StatusFilter selected={criteria.status} onChange={onStatus} />
      <SearchBox value={criteria.q} onChange={onSearch} />
      <ValuesFilter
        label={t('filter.station')}
        values={board.facets.stations}
        selected={criteria.stations}
        onChange={(stations) => onCriteria({ stations })}
        onOpen={readFacets}
        failed={false}
        testId="station-filter"
      />
      <ValuesFilter
        label={t('filter.service')}
        values={board.facets.services}
        selected={criteria.services}
        onChange={(services) => onCriteria({ services })}
        onOpen={readFacets}
        failed={false}
        testId="service-filter"
      />
      <Switch
        className="cockpit-double-booked-filter"
        label={t('doubleBooking.onlyDoubleBookings')}
        checked={criteria.doubleBooked === true}
        onChange={(event) => onCriteria({ doubleBooked: event.currentTarget.checked })}
        data-testid="double-booked-filter"
      />
    </section>
  );
});
