import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon, RefreshIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Telemetry } from '../../domain/ports/Telemetry';
import { useService } from '../services/useService';
import { useRouteFailure } from './RouteErrorBoundary';

export interface RouteErrorPanelProps {
  /** Default: reload the page. */
  reload?: () => void;
}

/**
 * Shown in place of a route that failed to render or load: says so instead of a white page,
 * reports the error once, and offers a reload.
 */
export function RouteErrorPanel({ reload = () => window.location.reload() }: RouteErrorPanelProps) {
  const error = useRouteFailure();
  const telemetry = useService<Telemetry>(Telemetry);
  const { t } = useTranslation();
  useEffect(() => {
    telemetry.recordError(error, { 'error.source': 'route' });
  }, [error, telemetry]);
  return (
    <NonIdealState
      className="cockpit-route-error"
      icon={<ErrorIcon />}
      title={t('errorBoundary.title')}
      description={t('errorBoundary.description')}
      action={<Button intent="primary" icon={<RefreshIcon />} text={t('errorBoundary.reload')} onClick={() => reload()} />}
    />
  );
}
