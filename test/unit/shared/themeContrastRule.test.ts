import { contrastFault, DARK_FOREGROUND, LIGHT_FOREGROUND, MIN_TEXT_CONTRAST, readableForeground, readableThemeColors, shownRatio, textContrast } from '../../../shared/colorContrast';

/** The rule console and backend apply to a tenant's colour: its text reads (4.5:1) in the light and the dark theme. */
describe('the contrast rule for a tenant\'s colours', () => {
  it.each(['#0b3d91', '#1f6feb', '#c2410c', '#000', '#fff', '#767676', 'rgba(255, 255, 255, 0.5)', 'rgba(0, 0, 0, 0.4)'])('takes %s', (color) => {
    expect(contrastFault(color)).toBeNull();
  });

  it.each([
    ['#808080', 'both', 4.1],
    ['#d9480f', 'both', 4.2],
    ['hsl(0 0% 50%)', 'both', 4],
    // Translucent colours are composed over each theme's page: white shows through on the light one,
    ['rgba(0, 0, 0, 0.5)', 'light', 4],
    // and Blueprint's dark gray on the dark one.
    ['rgba(255, 255, 255, 0.4)', 'dark', 4],
  ])('refuses %s (%s theme, %s:1)', (color, appearance, ratio) => {
    const fault = contrastFault(color);
    expect(fault?.appearance).toBe(appearance);
    expect(fault?.ratio).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(shownRatio(fault?.ratio ?? 0)).toBe(ratio);
  });

  it('says nothing about what is no colour: that is the allowlist\'s to refuse', () => {
    expect(contrastFault('red')).toBeNull();
    expect(textContrast('url(//x)', 'dark')).toBeNull();
  });

  it('applies the rule to every form the allowlist takes, percentages mixed with numbers too', () => {
    expect(contrastFault('rgb(100%, 0, 0)')).toEqual({ appearance: 'both', ratio: expect.closeTo(4.0518, 4) });
    expect(contrastFault('rgb(50%, 128, 0)')).toEqual({ appearance: 'both', ratio: expect.closeTo(4.2019, 4) });
  });

  it('never rounds a ratio just short of the limit up to it', () => {
    expect(shownRatio(4.4999)).toBe(4.4);
  });

  it('chooses the text colour for each theme over its own page', () => {
    expect(readableForeground('rgba(255, 255, 255, 0.2)', 'light')).toBe(DARK_FOREGROUND);
    expect(readableForeground('rgba(255, 255, 255, 0.2)', 'dark')).toBe(LIGHT_FOREGROUND);
    expect(readableForeground('#0b3d91', 'dark')).toBe(LIGHT_FOREGROUND);
  });

  it('chooses by the exact contrasts, also where the two differ by less than a hundredth', () => {
    // White 4.028:1, the dark text 4.022:1 on #5a8875: the white reads (a little) better.
    expect(readableForeground('#5a8875', 'light')).toBe(LIGHT_FOREGROUND);
    expect(textContrast('#5a8875', 'light')).toBeCloseTo(4.0282, 4);
  });

  it('keeps the colours that read and leaves out the others, so the default shows in their place', () => {
    expect(readableThemeColors({ color1: '#0b3d91', color2: '#808080', color3: 'rgba(255, 255, 255, 0.4)' })).toEqual({ color1: '#0b3d91' });
    expect(readableThemeColors({ color1: 'red;}', color2: '#1f6feb' })).toEqual({ color2: '#1f6feb' });
  });
});
