import { Button, Callout, HTMLTable } from '@blueprintjs/core';
import { PeopleIcon, TrashIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { OrderChangeAuthors } from '../../domain/stores/OrderChangeAuthors';
import { OrderDetailStore } from '../../domain/stores/OrderDetailStore';
import { formatDateTime } from '../format/formatDateTime';
import { useService } from '../services/useService';
import { changedByText } from './changedByText';

/**
 * The open order was changed or deleted by someone else (live stream): says so, naming who when the
 * stream said it, with the values
 * saved now. With unsaved edits the operator chooses: keep them on top of the new values, or drop them.
 */
export const ChangedElsewhereCallout = observer(function ChangedElsewhereCallout() {
  const { t, i18n } = useTranslation();
  const detail = useService(OrderDetailStore);
  const authors = useService(OrderChangeAuthors);
  if (detail.deletedElsewhere) {
    return (
      <Callout intent="danger" icon={<TrashIcon />} title={t('orderDetail.elsewhere.deletedTitle')} role="alert" data-testid="deleted-elsewhere">
        {t('orderDetail.elsewhere.deletedText')}
      </Callout>
    );
  }
  const theirs = detail.changedElsewhere;
  if (!theirs) {
    return null;
  }
  const editing = detail.dirty;
  return (
    <Callout intent="warning" icon={<PeopleIcon />} title={changedByText(t, 'orderDetail.elsewhere.title', 'orderDetail.elsewhere.titleBy', authors.of(theirs))} role="alert" data-testid="changed-elsewhere">
      <p>{t(editing ? 'orderDetail.elsewhere.withEdits' : 'orderDetail.elsewhere.shown')}</p>
      <HTMLTable compact className="cockpit-elsewhere-values">
        <tbody>
          <tr>
            <th scope="row">{t('orderDetail.fields.status')}</th>
            <td data-field="status">{t(`status.${theirs.status}`)}</td>
          </tr>
          <tr>
            <th scope="row">{t('orderDetail.fields.begin')}</th>
            <td data-field="begin">{formatDateTime(theirs.begin, i18n.language)}</td>
          </tr>
          <tr>
            <th scope="row">{t('orderDetail.fields.end')}</th>
            <td data-field="end">{formatDateTime(theirs.end, i18n.language)}</td>
          </tr>
          <tr>
            <th scope="row">{t('orderDetail.fields.station')}</th>
            <td data-field="station">{theirs.station}</td>
          </tr>
          <tr>
            <th scope="row">{t('orderDetail.fields.notes')}</th>
            <td data-field="notes">{theirs.notes}</td>
          </tr>
        </tbody>
      </HTMLTable>
      <div className="cockpit-elsewhere-actions">
        {editing ? (
          <>
            <Button intent="primary" text={t('orderDetail.elsewhere.keepMine')} onClick={() => detail.acknowledgeChange()} />
            <Button text={t('orderDetail.elsewhere.dropMine')} onClick={() => detail.takeTheirs()} />
          </>
        ) : (
          <Button text={t('orderDetail.elsewhere.ok')} onClick={() => detail.acknowledgeChange()} />
        )}
      </div>
    </Callout>
  );
});
