import { Button, Callout } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EditedFields } from '../../domain/model/UnsavedEdit';
import { UnsavedEditsStore } from '../../domain/stores/UnsavedEditsStore';
import { UnsavedNewOrderStore } from '../../domain/stores/UnsavedNewOrderStore';
import { formatDateTime } from '../format/formatDateTime';
import { useService } from '../services/useService';

/**
 * The signed-in operator's edits that were not saved when a session ended, offered back: each names
 * its order, when it was last changed and which fields, to restore over the order as it is now or to
 * discard; and a new order that was being entered, to take up again or to discard.
 */
export const UnsavedEditsCallout = observer(function UnsavedEditsCallout() {
  const { t, i18n } = useTranslation();
  const edits = useService(UnsavedEditsStore);
  const newOrder = useService(UnsavedNewOrderStore);
  const keptNewOrder = newOrder.offer;
  if (edits.offers.length === 0 && !keptNewOrder) {
    return null;
  }
  const fieldNames = (fields: EditedFields) =>
    Object.keys(fields)
      .map((field) => t(`orderDetail.fields.${field}`))
      .join(', ');
  return (
    <Callout intent="primary" icon={<HistoryIcon />} title={t('unsavedEdits.title')} className="cockpit-unsaved-edits" data-testid="unsaved-edits">
      <p>{t('unsavedEdits.explanation')}</p>
      <ul className="cockpit-unsaved-edits-list">
        {edits.offers.map((offer) => (
          <li key={offer.orderId} data-order-id={offer.orderId}>
            <span>
              {t('unsavedEdits.offer', {
                number: offer.orderNumber,
                time: formatDateTime(new Date(offer.keptAt).toISOString(), i18n.language),
                fields: fieldNames(offer.fields),
              })}
            </span>
            <Button
              intent="primary"
              size="small"
              text={t('unsavedEdits.restore')}
              loading={edits.restoring === offer.orderId}
              disabled={edits.restoring !== null}
              onClick={() => void edits.restore(offer)}
            />
            <Button size="small" variant="outlined" text={t('unsavedEdits.discard')} disabled={edits.restoring !== null} onClick={() => edits.discard(offer)} />
          </li>
        ))}
        {keptNewOrder && (
          <li data-testid="kept-new-order">
            <span>
              {t('unsavedEdits.newOrder', {
                customer: keptNewOrder.fields['customer.name'] ? ` (${keptNewOrder.fields['customer.name']})` : '',
                time: formatDateTime(new Date(keptNewOrder.keptAt).toISOString(), i18n.language),
              })}
            </span>
            <Button intent="primary" size="small" text={t('unsavedEdits.continue')} onClick={() => newOrder.resume()} />
            <Button size="small" variant="outlined" text={t('unsavedEdits.discard')} onClick={() => newOrder.discard()} />
          </li>
        )}
      </ul>
    </Callout>
  );
});
