import { observer } from 'mobx-react-lite';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { AppearanceStore } from '../../domain/stores/AppearanceStore';
import type { PaintedColor, ThemeSettingsStore } from '../../domain/stores/ThemeSettingsStore';
import { useService } from '../services/useService';

/**
 * Painted through the style object, which React writes with the CSS object model: the
 * Content-Security-Policy refuses `style` attributes in markup, not that.
 */
function paint(color: PaintedColor | null): CSSProperties | undefined {
  return color ? { backgroundColor: color.background, color: color.foreground } : undefined;
}

export interface ThemePreviewProps {
  store: ThemeSettingsStore;
  tenantName: string;
}

/**
 * A miniature of the console in the colours being edited, before they are saved: the header
 * toolbar (color1), the primary toolbar (color2) and a primary button (color3). An unset or
 * invalid colour shows the console's own. Drawn in the theme the console shows.
 */
export const ThemePreview = observer(function ThemePreview({ store, tenantName }: ThemePreviewProps) {
  const { t } = useTranslation();
  const { appearance } = useService(AppearanceStore);
  const { color1, color2, color3 } = store.previewIn(appearance);
  return (
    <figure className="cockpit-theme-preview" aria-labelledby="theme-preview-caption">
      <figcaption id="theme-preview-caption" className="cockpit-theme-preview-caption">
        {t('settings.preview')}
      </figcaption>
      <div className="cockpit-theme-preview-frame" aria-hidden="true">
        <div className="cockpit-theme-preview-header" data-testid="preview-header" style={paint(color1)}>
          <strong>{t('app.name')}</strong>
          {tenantName && <span className="cockpit-theme-preview-tenant">{tenantName}</span>}
        </div>
        <div className="cockpit-theme-preview-toolbar" data-testid="preview-toolbar" style={paint(color2)}>
          {t('orders.title')}
        </div>
        <div className="cockpit-theme-preview-body">
          <span className="cockpit-theme-preview-button" data-testid="preview-button" style={paint(color3)}>
            {t('settings.previewButton')}
          </span>
        </div>
      </div>
    </figure>
  );
});
