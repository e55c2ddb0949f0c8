import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { OrderColumn } from '../../../shared/OrderColumn';
import { SessionStore } from '../../domain/ports/SessionStore';
import { OrderColumnsStore } from '../../domain/stores/OrderColumnsStore';
import { OrdersFilterStore } from '../../domain/stores/OrdersFilterStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { OrdersPrintStore } from '../../domain/stores/OrdersPrintStore';
import { GRID_COLUMNS } from '../orders/orderGridColumns';
import { rowTexts } from '../orders/rowTexts';
import { useService } from '../services/useService';
import { CompanyBand } from './CompanyBand';
import { coverageInWords } from './coverageInWords';
import { filterInWords } from './filterInWords';

/** Texts of unbounded length wrap on paper (no cell clips); the others keep to one line, the price right-aligned as in the grid. */
const WRAPPING: ReadonlySet<OrderColumn> = new Set(['station', 'service', 'customer', 'vehicle']);
const cellClass = (column: OrderColumn) => (column === 'price' ? 'cockpit-print-amount' : WRAPPING.has(column) ? 'cockpit-print-wrap' : 'cockpit-print-nowrap');

/**
 * The orders list on paper: the filter in words and how many orders the print holds above a table
 * of the grid's columns (its header repeated on every page), one row per order printed
 * (`OrdersPrintStore.printed`).
 */
export const PrintedOrdersList = observer(function PrintedOrdersList() {
  const { t, i18n } = useTranslation();
  const session = useService<SessionStore>(SessionStore);
  const list = useService(OrdersListStore);
  const filter = useService(OrdersFilterStore);
  const { columns } = useService(OrderColumnsStore);
  const { orders, coverage } = useService(OrdersPrintStore).printed;
  const language = session.language;
  return (
    <section className="cockpit-print-list" data-testid="print-list">
      <CompanyBand title={t('print.list.title')} />
      <p className="cockpit-print-filter" data-testid="print-filter">
        {filterInWords(t, language, filter.range, list.criteria).join(' · ')}
      </p>
      <p className={`cockpit-print-coverage cockpit-print-coverage-${coverage.kind}`} data-testid="print-coverage">
        {coverageInWords(t, language, coverage)}
      </p>
      <table className="cockpit-print-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} className={cellClass(column)}>
                {t(`orders.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const texts = rowTexts(order, i18n.language, t);
            return (
              <tr key={order.id}>
                {columns.map((column) => (
                  <td key={column} className={cellClass(column)}>
                    {GRID_COLUMNS[column].text(order, texts)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
});
