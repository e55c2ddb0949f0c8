import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../shared/Order';
import { formatDateTime } from '../format/formatDateTime';
import { formatMoney } from '../format/formatMoney';
import { CompanyBand } from './CompanyBand';
import { sheetNotes } from './sheetNotes';

/**
 * An order on one sheet of paper for the workshop: the company, the order's number and status in
 * words, customer, vehicle and plate, station and service, begin and end in the language's format,
 * the price, the notes (wrapped, and notes of many lines run on: `sheetNotes`; the full 2 000
 * characters stay on the page) and lines to sign on with date and name.
 */
export const OrderSheet = observer(function OrderSheet({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const fact = (label: string, value: string, className?: string) => (
    <div className={className ? `cockpit-print-fact ${className}` : 'cockpit-print-fact'}>
      <dt>{t(`print.sheet.${label}`)}</dt>
      <dd>{value}</dd>
    </div>
  );
  const { customer, vehicle } = order;
  const notes = sheetNotes(order.notes);
  return (
    <article className="cockpit-print-sheet" data-testid="print-order-sheet">
      <CompanyBand title={t('print.sheet.title')} />
      <h1 className="cockpit-print-heading">
        <span>
          {t('print.sheet.number')} {order.number}
        </span>
        <span className="cockpit-print-status">{t(`status.${order.status}`)}</span>
      </h1>
      <dl className="cockpit-print-facts">
        {fact('customer', [customer.name, customer.phone, customer.email].filter(Boolean).join(' · '), 'cockpit-print-wide')}
        {fact('vehicle', [vehicle.make, vehicle.model].filter(Boolean).join(' ') + (vehicle.vin ? ` · ${vehicle.vin}` : ''))}
        {fact('licensePlate', vehicle.licensePlate, 'cockpit-print-plate')}
        {fact('station', order.station)}
        {fact('service', order.service)}
        {fact('begin', formatDateTime(order.begin, i18n.language))}
        {fact('end', formatDateTime(order.end, i18n.language))}
        {fact('price', formatMoney(order.price, i18n.language), 'cockpit-print-price')}
        {fact('status', t(`status.${order.status}`))}
      </dl>
      <section className={notes.dense ? 'cockpit-print-notes cockpit-print-notes-dense' : 'cockpit-print-notes'}>
        <h2>{t('print.sheet.notes')}</h2>
        <p>{notes.text || t('print.sheet.noNotes')}</p>
      </section>
      <footer className="cockpit-print-signature">
        {(['date', 'name', 'signature'] as const).map((caption) => (
          <div key={caption} className={`cockpit-print-sign-${caption}`}>
            <div className="cockpit-print-sign-line" />
            <span>{t(`print.sheet.${caption}`)}</span>
          </div>
        ))}
      </footer>
    </article>
  );
});
