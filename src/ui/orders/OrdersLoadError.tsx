import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS } from '../../../shared/instant';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { useService } from '../services/useService';

/**
 * Why the list could not be loaded, with a retry: the console's text for the failure and, when
 * the API named fields, its own words for each (in the language the request asked for).
 */
export const OrdersLoadError = observer(function OrdersLoadError() {
  const { t } = useTranslation();
  const list = useService(OrdersListStore);
  return (
    <NonIdealState
      icon={<ErrorIcon />}
      title={t('orders.loadFailed')}
      description={
        <>
          <p>{t(list.errorKey ?? 'errors.unexpected', { days: MAX_RANGE_DAYS })}</p>
          {list.errorFields.length > 0 && (
            <ul className="cockpit-orders-error-fields">
              {list.errorFields.map(({ field, message }, index) => (
                <li key={index}>
                  {fieldLabel(t, field)}: {message}
                </li>
              ))}
            </ul>
          )}
        </>
      }
      action={<Button intent="primary" text={t('orders.retry')} onClick={() => void list.reload()} />}
    />
  );
});

/** The label of the filter field a query parameter comes from, or the parameter's own name. */
function fieldLabel(t: TFunction, field: string): string {
  switch (field) {
    case 'begin':
      return t('filter.from');
    case 'end':
      return t('filter.to');
    case 'status':
      return t('filter.status');
    case 'q':
      return t('filter.search');
    default:
      return field;
  }
}
