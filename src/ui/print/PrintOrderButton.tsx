import { Button } from '@blueprintjs/core';
import { PrintIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PrintDialog } from '../../domain/ports/PrintDialog';
import { useService } from '../services/useService';

/** The order drawer's Print: the open order's sheet is on the page already (`PrintRoot`), so it opens the print dialog. */
export function PrintOrderButton() {
  const { t } = useTranslation();
  const dialog = useService<PrintDialog>(PrintDialog);
  return <Button variant="minimal" icon={<PrintIcon />} text={t('print.button')} title={t('print.orderHint')} onClick={() => dialog.open()} data-testid="print-order" />;
}
