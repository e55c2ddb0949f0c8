import { Button, ButtonGroup, FormGroup } from '@blueprintjs/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/OrderStatus';

export interface StatusFilterProps {
  selected: readonly OrderStatus[];
  onChange(selected: OrderStatus[]): void;
}

/** The statuses to show, any number of them (none selected shows all). */
export const StatusFilter = memo(function StatusFilter({ selected, onChange }: StatusFilterProps) {
  const { t } = useTranslation();
  return (
    <FormGroup label={t('filter.status')} className="cockpit-status-filter">
      <ButtonGroup role="group" aria-label={t('filter.status')}>
        {ORDER_STATUSES.map((status) => {
          const active = selected.includes(status);
          return (
            <Button
              key={status}
              active={active}
              aria-pressed={active}
              text={t(`status.${status}`)}
              onClick={() => onChange(active ? selected.filter((s) => s !== status) : ORDER_STATUSES.filter((s) => s === status || selected.includes(s)))}
            />
          );
        })}
      </ButtonGroup>
    </FormGroup>
  );
});
