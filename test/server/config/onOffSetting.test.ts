import { onOffSetting } from '../../../server/config/onOffSetting';

describe('onOffSetting (SIMULATE, SERVE_SOURCE_MAPS)', () => {
  it('is on for 1, off for 0 or nothing', () => {
    expect(onOffSetting('SIMULATE', '1')).toBe(true);
    expect(onOffSetting('SIMULATE', ' 1 ')).toBe(true);
    expect(onOffSetting('SIMULATE', '0')).toBe(false);
    expect(onOffSetting('SIMULATE', '')).toBe(false);
    expect(onOffSetting('SIMULATE', undefined)).toBe(false);
  });

  it('refuses anything else, naming the setting, so that a typo neither leaves the demo still nor publishes the sources', () => {
    expect(() => onOffSetting('SIMULATE', 'yes')).toThrow('SIMULATE must be 0 or 1, not "yes"');
    expect(() => onOffSetting('SERVE_SOURCE_MAPS', 'true')).toThrow('SERVE_SOURCE_MAPS must be 0 or 1, not "true"');
  });
});
