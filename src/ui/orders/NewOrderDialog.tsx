import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Order } from '../../../shared/Order';
import type { NewOrderField } from '../../../shared/orderFields';
import { SessionStore } from '../../domain/ports/SessionStore';
import { NewOrderStore } from '../../domain/stores/NewOrderStore';
import { CheckedTextField } from '../forms/CheckedTextField';
import { useService } from '../services/useService';
import { DateTimeInput } from './DateTimeInput';
import { DoubleBookingDialog } from './DoubleBookingDialog';

/** The translation key of each field's label. */
const LABELS: Record<NewOrderField, string> = {
  'customer.name': 'newOrder.fields.customerName',
  'customer.email': 'newOrder.fields.customerEmail',
  'customer.phone': 'newOrder.fields.customerPhone',
  'vehicle.licensePlate': 'newOrder.fields.licensePlate',
  'vehicle.make': 'newOrder.fields.make',
  'vehicle.model': 'newOrder.fields.model',
  'vehicle.vin': 'newOrder.fields.vin',
  station: 'orderDetail.fields.station',
  service: 'orderDetail.fields.service',
  begin: 'orderDetail.fields.begin',
  end: 'orderDetail.fields.end',
  'price.amount': 'newOrder.fields.price',
  notes: 'orderDetail.fields.notes',
};

const INPUT_TYPES: Partial<Record<NewOrderField, string>> = { 'customer.email': 'email', 'customer.phone': 'tel' };

/**
 * The "New order" dialog (also for a clone): the order's fields, each checked as typed by the rules
 * the backend applies, the first focused. Saved, the dialog closes and the new order opens beside
 * the list.
 */
export const NewOrderDialog = observer(function NewOrderDialog() {
  const { t } = useTranslation();
  const store = useService(NewOrderStore);
  const session = useService<SessionStore>(SessionStore);
  const navigate = useNavigate();
  const openOrder = (id: string) => navigate({ pathname: `/orders/${id}`, search: window.location.search });
  const opened = (created: Order | undefined) => created && openOrder(created.id);

  const message = (field: NewOrderField): string | undefined => {
    const backend = store.fieldErrors[field];
    if (backend) return backend;
    const problem = store.revealed[field] ? store.problems[field] : undefined;
    return problem ? t(`newOrder.problems.${problem.rule}`, { limit: problem.limit, max: problem.limit === undefined ? '' : (problem.limit / 100).toLocaleString(session.language) }) : undefined;
  };

  const idOf = (field: NewOrderField) => `new-order-${field.replace('.', '-')}`;

  const textField = (field: NewOrderField, autoFocus = false) => (
    <CheckedTextField
      key={field}
      id={idOf(field)}
      label={t(LABELS[field])}
      type={INPUT_TYPES[field]}
      autoFocus={autoFocus}
      value={store.draft[field]}
      error={message(field)}
      disabled={store.saving}
      onChange={(value) => store.edit(field, value)}
      onBlur={() => store.reveal(field)}
    />
  );

  const timeField = (field: 'begin' | 'end') => (
    <DateTimeInput
      id={idOf(field)}
      label={t(LABELS[field])}
      value={store.draft[field]}
      language={session.language}
      onChange={(value) => store.edit(field, value)}
      error={message(field)}
    />
  );

  return (
    <Dialog
      isOpen={store.isOpen}
      onClose={() => store.close()}
      title={store.clonedNumber ? t('newOrder.cloneTitle', { number: store.clonedNumber }) : t('newOrder.title')}
      className="cockpit-new-order-dialog"
      // Above the order panel beside the list, whichever opened first (a clone opens from it).
      portalClassName="cockpit-new-order-portal"
      canOutsideClickClose={false}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void store.save().then(opened);
        }}
      >
        <DialogBody className="cockpit-new-order-body">
          <fieldset>
            <legend>{t('orderDetail.fields.customer')}</legend>
            {textField('customer.name', true)}
            {textField('customer.email')}
            {textField('customer.phone')}
          </fieldset>
          <fieldset>
            <legend>{t('orderDetail.fields.vehicle')}</legend>
            {textField('vehicle.licensePlate')}
            {textField('vehicle.make')}
            {textField('vehicle.model')}
            {textField('vehicle.vin')}
          </fieldset>
          <fieldset>
            <legend>{t('newOrder.appointment')}</legend>
            {textField('station')}
            {textField('service')}
            <div className="cockpit-order-times">
              {timeField('begin')}
              {timeField('end')}
            </div>
            {textField('price.amount')}
          </fieldset>
          <FormGroup
            label={t(LABELS.notes)}
            labelFor={idOf('notes')}
            intent={message('notes') ? 'danger' : 'none'}
            helperText={message('notes')}
            className="cockpit-new-order-notes"
          >
            <TextArea id={idOf('notes')} fill value={store.draft.notes} disabled={store.saving} onChange={(event) => store.edit('notes', event.currentTarget.value)} onBlur={() => store.reveal('notes')} />
          </FormGroup>
          {store.errorKey && (
            <Callout intent="danger" role="alert" title={t('newOrder.saveFailed')}>
              {t(store.errorKey)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('newOrder.cancel')} onClick={() => store.close()} disabled={store.saving} />
              <Button type="submit" intent="primary" text={t('newOrder.create')} loading={store.saving} />
            </>
          }
        />
      </form>
      <DoubleBookingDialog question={store.doubleBooking} onOpenOrder={openOrder} onConfirm={() => void store.doubleBooking.confirm().then(opened)} />
    </Dialog>
  );
});
