import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { addAreaTexts, type AreaTexts } from '../locales/areaTexts';

/**
 * `Page` with its own texts added to the console's i18next (once) before it renders, so that it and
 * everything it draws (its lazy parts, the notifications of its stores) find them.
 */
export function withAreaTexts<P extends object>(texts: AreaTexts, Page: ComponentType<P>): ComponentType<P> {
  function PageWithTexts(props: P) {
    const { i18n } = useTranslation();
    addAreaTexts(i18n, texts);
    return <Page {...props} />;
  }
  PageWithTexts.displayName = `WithAreaTexts(${Page.displayName ?? Page.name})`;
  return PageWithTexts;
}
