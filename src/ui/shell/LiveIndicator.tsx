import { Icon, type IconName, type Intent, Tooltip } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EventStreamState } from '../../domain/ports/EventStream';
import { EventStream } from '../../domain/ports/EventStream';
import { useService } from '../services/useService';
import './LiveIndicator.css';

const LOOKS: Record<EventStreamState, { icon: IconName; intent: Intent }> = {
  idle: { icon: 'offline', intent: 'none' },
  connecting: { icon: 'refresh', intent: 'warning' },
  live: { icon: 'feed', intent: 'success' },
  reconnecting: { icon: 'refresh', intent: 'warning' },
  offline: { icon: 'offline', intent: 'none' },
  failed: { icon: 'error', intent: 'danger' },
};

/** Where the live stream stands, as a small icon in the header with a translated tooltip. */
export const LiveIndicator = observer(function LiveIndicator() {
  const { t } = useTranslation();
  const stream = useService<EventStream>(EventStream);
  const { state, errorKey } = stream;
  const label = state === 'failed' && errorKey ? `${t('live.state.failed')}: ${t(errorKey)}` : t(`live.state.${state}`);
  const { icon, intent } = LOOKS[state];
  return (
    <Tooltip content={label} placement="bottom">
      <span className="cockpit-live-indicator" data-tour="live-indicator" data-state={state} role="status" aria-label={label} tabIndex={0}>
        <Icon icon={icon} intent={intent} size={14} />
      </span>
    </Tooltip>
  );
});
