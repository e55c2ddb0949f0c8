import { Icon, type Intent } from '@blueprintjs/core';
import { ErrorIcon, FeedIcon, OfflineIcon, RefreshIcon } from '@blueprintjs/icons';
import type { ComponentType } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EventStreamState } from '../../domain/ports/EventStream';
import { EventStream } from '../../domain/ports/EventStream';
import { useService } from '../services/useService';
import { useOverlays } from './useOverlays';
import './LiveIndicator.css';

const LOOKS: Record<EventStreamState, { icon: ComponentType; intent: Intent }> = {
  idle: { icon: OfflineIcon, intent: 'none' },
  connecting: { icon: RefreshIcon, intent: 'warning' },
  live: { icon: FeedIcon, intent: 'success' },
  reconnecting: { icon: RefreshIcon, intent: 'warning' },
  offline: { icon: OfflineIcon, intent: 'none' },
  failed: { icon: ErrorIcon, intent: 'danger' },
};

/**
 * Where the live stream stands, as a small icon in the header with a translated tooltip (its
 * label meanwhile; the tooltip comes with the overlays after the first screen, `useOverlays`).
 */
export const LiveIndicator = observer(function LiveIndicator() {
  const { t } = useTranslation();
  const stream = useService<EventStream>(EventStream);
  const [overlays] = useOverlays();
  const { state, errorKey } = stream;
  const label = state === 'failed' && errorKey ? `${t('live.state.failed')}: ${t(errorKey)}` : t(`live.state.${state}`);
  const { icon: StateIcon, intent } = LOOKS[state];
  const indicator = (
    <span className="cockpit-live-indicator" data-tour="live-indicator" data-state={state} role="status" aria-label={label} tabIndex={0}>
      <Icon icon={<StateIcon />} intent={intent} size={14} />
    </span>
  );
  return overlays ? (
    <overlays.Tooltip content={label} placement="bottom">
      {indicator}
    </overlays.Tooltip>
  ) : (
    indicator
  );
});
