import { sessionCredentials } from '../../../../src/infrastructure/http/sessionCredentials';

describe('sessionCredentials', () => {
  it('carries the token as a bearer and the language, and keeps the token it used', () => {
    expect(sessionCredentials({ token: 'abc.def.ghi', language: 'en' })).toEqual({
      token: 'abc.def.ghi',
      headers: { Authorization: 'Bearer abc.def.ghi', 'x-ui-locale': 'en' },
    });
  });

  it('sends no Authorization when signed out, the language still', () => {
    expect(sessionCredentials({ token: null, language: 'de' })).toEqual({ token: null, headers: { 'x-ui-locale': 'de' } });
  });
});
