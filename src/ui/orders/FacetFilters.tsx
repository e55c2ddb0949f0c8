import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { OrderCriteria } from '../../domain/model/orderQuery';
import type { OrderFacets } from '../../../shared/OrderFacets';
import { ValuesFilter } from './ValuesFilter';

export interface FacetFiltersProps {
  /** The stations and services offered. */
  facets: OrderFacets;
  criteria: OrderCriteria;
  onCriteria(change: Partial<OrderCriteria>): void;
  /** A filter opened: read the facets again (one added since shows up). */
  onOpen(): void;
  /** The facets could not be read. */
  failed: boolean;
}

/** The filters of stations and services, as the list and the board offer them. */
export function FacetFilters({ facets, criteria, onCriteria, onOpen, failed }: FacetFiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      <ValuesFilter label={t('filter.station')} values={facets.stations} selected={criteria.stations} onChange={(stations) => onCriteria({ stations })} onOpen={onOpen} failed={failed} testId="station-filter" />
      <ValuesFilter label={t('filter.service')} values={facets.services} selected={criteria.services} onChange={(services) => onCriteria({ services })} onOpen={onOpen} failed={failed} testId="service-filter" />
    </>
  );
}

/** "Only double bookings", as the list and the board offer it (kept in the URL with the criteria). */
export function DoubleBookedFilter({ criteria, onCriteria }: Pick<FacetFiltersProps, 'criteria' | 'onCriteria'>) {
  const { t } = useTranslation();
  return (
    <Switch
      className="cockpit-double-booked-filter"
      label={t('doubleBooking.onlyDoubleBookings')}
      checked={criteria.doubleBooked === true}
      onChange={(event) => onCriteria({ doubleBooked: event.currentTarget.checked })}
      data-testid="double-booked-filter"
    />
  );
}
