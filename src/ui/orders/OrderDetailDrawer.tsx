import { Button, Callout, Drawer, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner, TextArea } from '@blueprintjs/core';
import { DocumentIcon, DuplicateIcon, ErrorIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ScreenWidth } from '../../domain/ports/ScreenWidth';
import { SessionStore } from '../../domain/ports/SessionStore';
import { NewOrderStore } from '../../domain/stores/NewOrderStore';
import { OrderDetailStore } from '../../domain/stores/OrderDetailStore';
import { formatDateTime } from '../format/formatDateTime';
import { formatMoney } from '../format/formatMoney';
import { useService } from '../services/useService';
import { ChangedElsewhereCallout } from './ChangedElsewhereCallout';
import { ConflictDialog } from './ConflictDialog';
import { DateTimeInput } from './DateTimeInput';
import { DoubleBookingDialog } from './DoubleBookingDialog';
import { OrderHistoryTimeline } from './OrderHistoryTimeline';
import { OrderPresenceNotice, usePresenceEditing } from './OrderPresenceNotice';
import { StatusTag } from './StatusTag';
import { PrintOrderButton } from '../print/PrintOrderButton';

export interface OrderDetailDrawerProps {
  /** The order to show; null closes the drawer. */
  orderId: string | null;
  onClose(): void;
}

/**
 * The order beside the list (`/orders/:id`): all fields, next statuses, editable notes, times and
 * station, a clone as a new order, and its history under it; to a role that may not change orders (a viewer) the same order to read, with a note
 * saying why nothing can be changed. Shows the order `OrderDetailStore` holds: `OrderDetailDrawerLoader`, which loads this
 * chunk (`order-detail`) when an order is first opened, opens and closes it there.
 */
export const OrderDetailDrawer = observer(function OrderDetailDrawer({ orderId, onClose }: OrderDetailDrawerProps) {
  const { t, i18n } = useTranslation();
  const detail = useService(OrderDetailStore);
  const session = useService<SessionStore>(SessionStore);
  const newOrder = useService(NewOrderStore);
  const navigate = useNavigate();
  const presenceEditing = usePresenceEditing();

  const order = detail.order;
  const draft = detail.draft;
  const mayChange = session.allows('operator');
  const span = detail.spanProblems;
  const spanText = (field: 'begin' | 'end') => {
    const problem = span[field];
    return problem ? t(`newOrder.problems.${problem.rule}`, { limit: problem.limit }) : undefined;
  };
  // On a tablet or a phone the order is a sheet over the whole window (the drawer at full width).
  const narrow = useService<ScreenWidth>(ScreenWidth).current !== 'wide';
  return (
    <Drawer
      isOpen={orderId !== null}
      onClose={onClose}
      title={order ? t('orderDetail.title', { number: order.number }) : t('orderDetail.loading')}
      icon={<DocumentIcon />}
      size={narrow ? '100%' : '520px'}
      hasBackdrop={false}
      canOutsideClickClose={false}
      className="cockpit-order-detail"
    >
      <div className="cockpit-order-detail-body">
        {detail.state === 'loading' && <NonIdealState icon={<Spinner />} title={t('orderDetail.loading')} />}
        {(detail.state === 'not-found' || detail.state === 'error') && (
          <NonIdealState
            icon={<ErrorIcon />}
            title={t(detail.state === 'not-found' ? 'orderDetail.notFound' : 'orderDetail.loadFailed')}
            description={t(detail.errorKey ?? 'errors.unexpected')}
            action={detail.state === 'error' && orderId ? <Button text={t('orders.retry')} onClick={() => void detail.open(orderId)} /> : undefined}
          />
        )}
        {order && draft && (
          <>
            <OrderPresenceNotice orderId={order.id} />
            <ChangedElsewhereCallout />
            <section className="cockpit-order-status">
              <StatusTag status={order.status} />
              {mayChange && detail.allowedStatuses.map((status) => (
                <Button
                  key={status}
                  intent={status === 'cancelled' ? 'danger' : 'primary'}
                  variant={status === 'cancelled' ? 'outlined' : 'solid'}
                  text={t(`orderDetail.moveTo.${status}`)}
                  disabled={detail.saving}
                  loading={detail.saving}
                  onClick={() => void detail.changeStatus(status)}
                />
              ))}
              {mayChange && (
                <Button variant="minimal" icon={<DuplicateIcon />} text={t('newOrder.clone')} onClick={() => newOrder.open(order)} data-testid="clone-order" />
              )}
              <PrintOrderButton />
            </section>
            <HTMLTable compact className="cockpit-order-facts">
              <tbody>
                <tr>
                  <th>{t('orderDetail.fields.service')}</th>
                  <td>{order.service}</td>
                </tr>
                <tr>
                  <th>{t('orderDetail.fields.customer')}</th>
                  <td>
                    {order.customer.name}
                    <br />
                    {order.customer.email} · {order.customer.phone}
                  </td>
                </tr>
                <tr>
                  <th>{t('orderDetail.fields.vehicle')}</th>
                  <td>
                    {order.vehicle.licensePlate} · {order.vehicle.make} {order.vehicle.model}
                    {order.vehicle.vin ? ` · ${order.vehicle.vin}` : ''}
                  </td>
                </tr>
                <tr>
                  <th>{t('orderDetail.fields.price')}</th>
                  <td>{formatMoney(order.price, i18n.language)}</td>
                </tr>
                {!mayChange && (
                  <>
                    <tr>
                      <th>{t('orderDetail.fields.station')}</th>
                      <td>{order.station}</td>
                    </tr>
                    <tr>
                      <th>{t('orderDetail.fields.begin')}</th>
                      <td>{formatDateTime(order.begin, i18n.language)}</td>
                    </tr>
                    <tr>
                      <th>{t('orderDetail.fields.end')}</th>
                      <td>{formatDateTime(order.end, i18n.language)}</td>
                    </tr>
                    <tr>
                      <th>{t('orderDetail.fields.notes')}</th>
                      <td className="cockpit-order-notes">{order.notes}</td>
                    </tr>
                  </>
                )}
                <tr>
                  <th>{t('orderDetail.fields.updatedAt')}</th>
                  <td>{formatDateTime(order.updatedAt, i18n.language)}</td>
                </tr>
              </tbody>
            </HTMLTable>
            {!mayChange && (
              <Callout className="cockpit-order-read-only" data-testid="order-read-only">
                {t('orderDetail.readOnly', { operator: t('roles.operator'), role: t(`roles.${session.role}`) })}
              </Callout>
            )}
            {mayChange && (
              <form
                className="cockpit-order-form"
                {...presenceEditing}
                onSubmit={(event) => {
                  event.preventDefault();
                  void detail.save();
                }}
              >
                <FormGroup
                  label={t('orderDetail.fields.station')}
                  labelFor="order-station"
                  intent={detail.fieldErrors.station ? 'danger' : 'none'}
                  helperText={detail.fieldErrors.station}
                >
                  <InputGroup id="order-station" value={draft.station} onValueChange={(value) => detail.edit('station', value)} />
                </FormGroup>
                <div className="cockpit-order-times">
                  <DateTimeInput
                    id="order-begin"
                    label={t('orderDetail.fields.begin')}
                    value={draft.begin}
                    language={session.language}
                    onChange={(value) => detail.edit('begin', value)}
                    error={spanText('begin') ?? detail.fieldErrors.begin}
                  />
                  <DateTimeInput
                    id="order-end"
                    label={t('orderDetail.fields.end')}
                    value={draft.end}
                    language={session.language}
                    onChange={(value) => detail.edit('end', value)}
                    error={spanText('end') ?? detail.fieldErrors.end}
                  />
                </div>
                <FormGroup
                  label={t('orderDetail.fields.notes')}
                  labelFor="order-notes"
                  intent={detail.fieldErrors.notes ? 'danger' : 'none'}
                  helperText={detail.fieldErrors.notes}
                >
                  <TextArea id="order-notes" fill autoResize value={draft.notes} onChange={(event) => detail.edit('notes', event.currentTarget.value)} />
                </FormGroup>
                {detail.fieldErrors.status && (
                  <Callout intent="danger" role="alert">
                    {detail.fieldErrors.status}
                  </Callout>
                )}
                <div className="cockpit-order-actions">
                  <Button text={t('orderDetail.discard')} disabled={!detail.dirty || detail.saving} onClick={() => detail.discardChanges()} />
                  <Button type="submit" intent="primary" text={t('orderDetail.save')} disabled={!detail.dirty || (span.begin !== undefined || span.end !== undefined)} loading={detail.saving} />
                </div>
              </form>
            )}
            <OrderHistoryTimeline />
          </>
        )}
      </div>
      <ConflictDialog />
      <DoubleBookingDialog question={detail.doubleBooking} onOpenOrder={(id) => navigate({ pathname: `/orders/${id}`, search: window.location.search })} />
    </Drawer>
  );
});
