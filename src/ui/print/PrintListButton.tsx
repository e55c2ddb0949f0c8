import { Button } from '@blueprintjs/core';
import { PrintIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { SessionStore } from '../../domain/ports/SessionStore';
import { OrdersListStore } from '../../domain/stores/OrdersListStore';
import { OrdersPrintStore } from '../../domain/stores/OrdersPrintStore';
import { formatCount } from '../format/formatCount';
import { useService } from '../services/useService';

/** The orders toolbar's Print: reads the filter's orders for paper, telling how far it is, then opens the print dialog. */
export const PrintListButton = observer(function PrintListButton() {
  const { t } = useTranslation();
  const print = useService(OrdersPrintStore);
  const list = useService(OrdersListStore);
  const { language } = useService<SessionStore>(SessionStore);
  const reading = print.state === 'loading';
  return (
    <Button
      variant="minimal"
      icon={<PrintIcon />}
      text={reading ? t('print.progress', { loaded: formatCount(print.loaded, language), target: formatCount(print.target, language) }) : t('print.button')}
      title={t('print.listHint')}
      aria-busy={reading}
      disabled={reading || list.state !== 'ready'}
      onClick={() => void print.print()}
      data-testid="print-list"
    />
  );
});
