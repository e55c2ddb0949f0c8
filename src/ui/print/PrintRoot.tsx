import { observer } from 'mobx-react-lite';
import { useCallback, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { OrderDetailStore } from '../../domain/stores/OrderDetailStore';
import { OrdersPrintStore } from '../../domain/stores/OrdersPrintStore';
import { useService } from '../services/useService';
import { OrderSheet } from './OrderSheet';
import { PrintedOrdersList } from './PrintedOrdersList';
import { usePrinting } from './usePrinting';
import './print.css';

/**
 * What the orders page puts on paper, beside the console in `<body>` (`print.css` shows only this
 * when printing, and never it on screen): the open order's sheet while an order is open (kept on
 * the page, so any print of it is the sheet), else the list, rendered only while the browser prints.
 * Once the toolbar Print's orders are read, the list takes the page (beside an open order too) and
 * the print dialog opens. The end of a print lets the orders read for it go.
 */
export const PrintRoot = observer(function PrintRoot({ orderId }: { orderId: string | null }) {
  const detail = useService(OrderDetailStore);
  const print = useService(OrdersPrintStore);
  const afterPrint = useCallback(() => print.release(), [print]);
  const printing = usePrinting(afterPrint);
  const order = orderId !== null && detail.order?.id === orderId ? detail.order : null;
  // The toolbar's Print prints the list also beside an open order; Ctrl/Cmd+P prints what is open.
  const listShown = print.printPending || (orderId === null && printing);

  useEffect(() => {
    if (listShown && print.printPending) print.printRendered();
  }, [listShown, print, print.printPending]);

  return createPortal(
    <div className="cockpit-print" data-testid="print-root">
      {listShown ? <PrintedOrdersList /> : order ? <OrderSheet order={order} /> : null}
    </div>,
    document.body,
  );
});
