import { render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../../shared/Language';
import { createI18n } from '../../../../src/infrastructure/i18n/createI18n';
import { addAreaTexts } from '../../../../src/ui/locales/areaTexts';
import { resources } from '../../../../src/ui/locales/resources';
import { routeModules, shellModule } from '../../../../src/ui/routing/routeModules';
import { withAreaTexts } from '../../../../src/ui/routing/withAreaTexts';
import { AREA_TEXTS, mergeTexts } from '../../support/allTexts';

const keys = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

describe('texts by part of the console', () => {
  it('has every text of the entry and of each part in German and in English', () => {
    expect(keys(resources.de.translation).sort()).toEqual(keys(resources.en.translation).sort());
    for (const [name, texts] of Object.entries(AREA_TEXTS)) {
      expect({ name, keys: keys(texts.de).sort() }).toEqual({ name, keys: keys(texts.en).sort() });
    }
  });

  it('keeps each text in one place', () => {
    for (const language of LANGUAGES) {
      expect(() => Object.values(AREA_TEXTS).reduce((all, area) => mergeTexts(all, area[language]), mergeTexts({}, resources[language].translation))).not.toThrow();
    }
  });

  it('brings each part\'s texts with its module', async () => {
    expect((await shellModule())[1]).toBe(AREA_TEXTS.shell);
    expect((await routeModules.orders())[1]).toBe(AREA_TEXTS.orders);
    expect((await routeModules.settings())[1]).toBe(AREA_TEXTS.settings);
  });

  it('adds a part\'s texts to the entry\'s before its page renders, in every language, once', () => {
    const i18n = createI18n(resources);
    expect(i18n.exists('orders.columns.number')).toBe(false);
    const Page = () => <p>{useTranslation().t('orders.columns.number')}</p>;
    const OrdersPage = withAreaTexts(AREA_TEXTS.orders, Page);
    render(
      <I18nextProvider i18n={i18n}>
        <OrdersPage />
      </I18nextProvider>,
    );
    expect(screen.getByText(String(i18n.t('orders.columns.number')))).toBeTruthy();
    expect(i18n.t('orders.columns.number', { lng: 'en' })).not.toBe('orders.columns.number');
    expect(i18n.t('orders.columns.number', { lng: 'de' })).not.toBe('orders.columns.number');
    const added = jest.spyOn(i18n, 'addResourceBundle');
    addAreaTexts(i18n, AREA_TEXTS.orders);
    expect(added).not.toHaveBeenCalled();
    // The entry's texts stay.
    expect(i18n.t('login.title')).toBe(resources.de.translation.login.title);
  });
});
