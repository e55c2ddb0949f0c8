import { Button, Classes, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../shared/Order';
import type { OrderActor } from '../../../shared/OrderHistory';
import type { OrderPatch } from '../../../shared/OrderPatch';
import { OrderChangeAuthors } from '../../domain/stores/OrderChangeAuthors';
import { OrderDetailStore } from '../../domain/stores/OrderDetailStore';
import type { OrderConflict } from '../../domain/stores/OrderSaving';
import { formatDateTime } from '../format/formatDateTime';
import { useService } from '../services/useService';
import { changedByText } from './changedByText';

/** A field the operator changed. */
type ChangedField = keyof OrderPatch;

function display(field: ChangedField, value: string | undefined, t: (key: string) => string, language: string): string {
  if (value === undefined) {
    return '';
  }
  if (field === 'status') {
    return t(`status.${value}`);
  }
  return field === 'begin' || field === 'end' ? formatDateTime(value, language) : value;
}

/** What the conflict view shows and answers to: the open order's (`OrderDetailStore`) or a bar's move on the planning board. */
export interface ConflictSource {
  readonly conflict: OrderConflict | null;
  takeTheirs(): void;
  reapplyMine(): void;
}

/** The conflict view of the order open beside the list. */
export const ConflictDialog = observer(function ConflictDialog() {
  const authors = useService(OrderChangeAuthors);
  return <ConflictView source={useService(OrderDetailStore)} authorOf={(order) => authors.of(order)} />;
});

/**
 * Someone else saved the order first: their values and the operator's side by side. Nothing is
 * overwritten; the operator takes theirs or puts their own edits on top of the current order.
 * `authorOf` names who saved the version shown, where the page knows it.
 */
export const ConflictView = observer(function ConflictView({ source: detail, authorOf }: { source: ConflictSource; authorOf?: (order: Order) => OrderActor | undefined }) {
  const { t, i18n } = useTranslation();
  const conflict = detail.conflict;
  const fields = conflict ? (Object.keys(conflict.yours) as ChangedField[]) : [];
  const theirs: Order | undefined = conflict?.theirs;
  return (
    <Dialog isOpen={conflict !== null} title={changedByText(t, 'conflict.title', 'conflict.titleBy', theirs && authorOf?.(theirs))} icon={<WarningSignIcon />} onClose={() => detail.takeTheirs()} style={{ width: 'auto', maxWidth: 720 }}>
      <DialogBody>
        <p>{t('conflict.explanation')}</p>
        <HTMLTable compact className="cockpit-conflict-table">
          <thead>
            <tr>
              <th>{t('conflict.field')}</th>
              <th>{t('conflict.theirs')}</th>
              <th>{t('conflict.yours')}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field} data-field={field}>
                <td>{t(`orderDetail.fields.${field}`)}</td>
                <td data-side="theirs">{display(field, theirs?.[field], t, i18n.language)}</td>
                <td data-side="yours">{display(field, conflict?.yours[field], t, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('conflict.takeTheirs')} onClick={() => detail.takeTheirs()} autoFocus className={Classes.DIALOG_CLOSE_BUTTON} />
            <Button intent="primary" text={t('conflict.reapply')} onClick={() => detail.reapplyMine()} />
          </>
        }
      />
    </Dialog>
  );
});
