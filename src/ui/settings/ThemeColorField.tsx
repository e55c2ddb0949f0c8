import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { CrossIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MIN_TEXT_CONTRAST, shownRatio, toHexColor } from '../../../shared/colorContrast';
import type { ThemeColorKey } from '../../../shared/ThemeColors';
import type { ThemeSettingsStore } from '../../domain/stores/ThemeSettingsStore';

/** What a native colour input shows while a colour is not set: the console's own colour. */
const UNSET_PICKER_COLOR: Record<ThemeColorKey, string> = {
  color1: '#ffffff',
  color2: '#ffffff',
  color3: '#2d72d2',
};

export interface ThemeColorFieldProps {
  store: ThemeSettingsStore;
  colorKey: ThemeColorKey;
  /** Shown, not changeable (a role that may not set the colours). Default false. */
  readOnly?: boolean;
}

/**
 * One theme colour: a text field for the allowed forms, a native colour picker beside it for
 * convenience, and a button that clears the colour. An invalid text is named under the field once
 * the operator leaves it; a colour whose text would not read in one of the themes says so at once,
 * with the contrast reached; the backend's refusal is shown there too.
 */
export const ThemeColorField = observer(function ThemeColorField({ store, colorKey, readOnly = false }: ThemeColorFieldProps) {
  const { t, i18n } = useTranslation();
  const id = `theme-${colorKey}`;
  const name = t(`settings.${colorKey}`);
  const value = store.draft[colorKey];
  const fault = store.contrastFaults[colorKey];
  const ratio = (number: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(number);
  const error =
    store.fieldErrors[colorKey] ??
    (store.showsInvalid(colorKey)
      ? t('settings.colorInvalid')
      : fault
        ? t(`settings.colorContrast.${fault.appearance}`, { ratio: ratio(shownRatio(fault.ratio)), needed: ratio(MIN_TEXT_CONTRAST) })
        : undefined);
  return (
    <FormGroup
      className="cockpit-theme-color"
      label={name}
      labelFor={id}
      intent={error ? 'danger' : 'none'}
      helperText={<span id={`${id}-help`}>{error ?? t(`settings.${colorKey}Hint`)}</span>}
    >
      <InputGroup
        id={id}
        value={value}
        placeholder={t('settings.colorPlaceholder')}
        spellCheck={false}
        autoComplete="off"
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        disabled={store.saving || readOnly}
        onValueChange={(text) => store.edit(colorKey, text)}
        onBlur={() => store.reveal(colorKey)}
        rightElement={
          <span className="cockpit-theme-color-actions">
            <input
              type="color"
              className="cockpit-theme-color-picker"
              aria-label={t('settings.pickColor', { name })}
              value={toHexColor(value.trim()) ?? UNSET_PICKER_COLOR[colorKey]}
              disabled={store.saving || readOnly}
              onChange={(event) => store.edit(colorKey, event.currentTarget.value)}
            />
            <Button
              variant="minimal"
              icon={<CrossIcon />}
              aria-label={t('settings.clearColor', { name })}
              title={t('settings.clearColor', { name })}
              disabled={store.saving || readOnly || value === ''}
              onClick={() => store.clear(colorKey)}
            />
          </span>
        }
      />
    </FormGroup>
  );
});
