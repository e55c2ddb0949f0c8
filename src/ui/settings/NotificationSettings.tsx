import { Callout, H3, type Intent } from '@blueprintjs/core';
import { DisableIcon, NotificationsIcon, NotificationsSnoozeIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationState } from '../../domain/model/NotificationState';
import { PushService } from '../../domain/ports/PushService';
import { useService } from '../services/useService';

/** Icons as components: they bring their own paths (a name would load every icon's). */
const LOOKS: Record<NotificationState, { icon: ComponentType; intent: Intent }> = {
  on: { icon: NotificationsIcon, intent: 'success' },
  blocked: { icon: NotificationsSnoozeIcon, intent: 'warning' },
  notAsked: { icon: NotificationsIcon, intent: 'none' },
  unsupported: { icon: DisableIcon, intent: 'none' },
};

/**
 * Whether this browser shows notifications about new orders: on, blocked by the browser (with how
 * to allow them), not asked yet, or not supported. It follows the permission as the browser tells.
 */
export const NotificationSettings = observer(function NotificationSettings() {
  const { t } = useTranslation();
  const push = useService<PushService>(PushService);
  const state = push.notifications;
  const { icon: StateIcon, intent } = LOOKS[state];
  return (
    <section className="cockpit-notification-settings" aria-labelledby="notification-settings-title">
      <H3 id="notification-settings-title">{t('settings.notifications')}</H3>
      <p className="cockpit-notification-settings-hint">{t('settings.notificationsHint')}</p>
      <Callout role="status" data-state={state} icon={<StateIcon />} intent={intent} title={t(`settings.notificationState.${state}`)}>
        {t(`settings.notificationStateHint.${state}`)}
      </Callout>
    </section>
  );
});
