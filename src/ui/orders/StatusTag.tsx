import { Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../../../shared/OrderStatus';

const INTENT: Record<OrderStatus, Intent> = {
  new: 'primary',
  confirmed: 'success',
  in_progress: 'warning',
  completed: 'none',
  cancelled: 'danger',
};

/** An order's status as a coloured, translated tag. */
export function StatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag intent={INTENT[status]} minimal round>
      {t(`status.${status}`)}
    </Tag>
  );
}
