import { Button, Callout, H4, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldChange, OrderActor } from '../../../shared/OrderHistory';
import { OrderDetailStore } from '../../domain/stores/OrderDetailStore';
import { OrderHistoryStore } from '../../domain/stores/OrderHistoryStore';
import { formatDateTime } from '../format/formatDateTime';
import { useService } from '../services/useService';
import { actorName } from './actorName';

/**
 * The history of the open order under it, newest first: when, who (a colleague by name, the demo
 * simulator, the system) and what changed, each field with its old and new value in the language's
 * formats; the creation last. It grows while the panel is open, with every new version of the order.
 */
export const OrderHistoryTimeline = observer(function OrderHistoryTimeline() {
  const { t, i18n } = useTranslation();
  const history = useService(OrderHistoryStore);
  const detail = useService(OrderDetailStore);

  useEffect(() => {
    const following = history.follow(detail);
    return () => following.dispose();
  }, [history, detail]);

  const who = (by: OrderActor) => actorName(t, by);
  const value = (change: FieldChange, text: string) => {
    if (change.field === 'status') return t(`status.${text}`);
    if (change.field === 'begin' || change.field === 'end') return formatDateTime(text, i18n.language);
    return text === '' ? t('history.emptyValue') : t('history.quoted', { text });
  };

  return (
    <section className="cockpit-order-history" aria-labelledby="order-history-title" data-testid="order-history">
      <H4 id="order-history-title">{t('history.title')}</H4>
      {history.state === 'loading' && <Spinner size={20} aria-label={t('history.loading')} />}
      {history.state === 'error' && history.errorKey && (
        <Callout intent="warning" title={t('history.loadFailed')}>
          {t(history.errorKey)}
        </Callout>
      )}
      <ol className="cockpit-history-list">
        {history.entries.map((entry) => (
          <li key={entry.id} className="cockpit-history-entry" data-kind={entry.kind}>
            <div className="cockpit-history-head">
              <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>
              <span>{t(entry.kind === 'created' ? 'history.created' : 'history.changed', { who: who(entry.by) })}</span>
            </div>
            {entry.changes.length > 0 && (
              <ul className="cockpit-history-changes">
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    {t('history.change', { field: t(`orderDetail.fields.${change.field}`), from: value(change, change.from), to: value(change, change.to) })}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      {history.nextCursor && <Button variant="minimal" text={t('history.more')} loading={history.loadingMore} onClick={() => void history.loadMore()} />}
    </section>
  );
});
