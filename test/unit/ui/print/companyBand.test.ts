import { companyBandStyle } from '../../../../src/ui/print/companyBand';

describe('companyBandStyle', () => {
  it('paints the band in the header colour with a readable text, the rule in the toolbar colour', () => {
    expect(companyBandStyle({ color1: '#0b3d91', color2: '#1f6feb' })).toEqual({
      band: { backgroundColor: '#0b3d91', color: '#ffffff' },
      rule: { backgroundColor: '#1f6feb' },
    });
    expect(companyBandStyle({ color1: '#ffe066' }).band.color).toBe('#1c2127');
  });

  it('paints nothing without colours, nor with colours outside the allowlist', () => {
    expect(companyBandStyle({})).toEqual({ band: {}, rule: {} });
    expect(companyBandStyle({ color1: 'red;}body{', color2: 'url(x)' })).toEqual({ band: {}, rule: {} });
  });
});
