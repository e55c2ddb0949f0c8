import { genericNotificationTexts } from '../../../src/serviceWorker/genericNotificationTexts';

describe('genericNotificationTexts', () => {
  it.each(['de', 'de-DE', 'de-AT', 'DE-ch'])('speaks German to a %p browser', (language) => {
    expect(genericNotificationTexts(language)).toEqual({ title: 'Order Cockpit', body: 'Es gibt Neuigkeiten zu Ihren Aufträgen.' });
  });

  it.each(['en-GB', 'en-US', 'fr-FR', 'nl', '', undefined])('speaks English to a %p browser', (language) => {
    expect(genericNotificationTexts(language)).toEqual({ title: 'Order Cockpit', body: 'There is news about your orders.' });
  });
});
