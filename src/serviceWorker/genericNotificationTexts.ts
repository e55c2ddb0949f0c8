import type { GenericNotificationTexts } from './notificationFromPayload';

/**
 * The notification shown when a push payload cannot be read. The service worker has no access to
 * the console's texts or the operator's choice of language; it follows the browser's language.
 */
const TEXTS: Record<'de' | 'en', GenericNotificationTexts> = {
  de: { title: 'Order Cockpit', body: 'Es gibt Neuigkeiten zu Ihren Aufträgen.' },
  en: { title: 'Order Cockpit', body: 'There is news about your orders.' },
};

export function genericNotificationTexts(browserLanguage: string | undefined): GenericNotificationTexts {
  return browserLanguage?.toLowerCase().startsWith('de') ? TEXTS.de : TEXTS.en;
}
