import {
  contrastRatio,
  DARK_FOREGROUND,
  LIGHT_FOREGROUND,
  parseThemeColor,
  readableForeground,
  toHexColor,
} from '../../../shared/colorContrast';

describe('colour contrast', () => {
  it.each([
    ['#abc', { r: 0xaa, g: 0xbb, b: 0xcc, a: 1 }],
    ['#0B3D91', { r: 0x0b, g: 0x3d, b: 0x91, a: 1 }],
    ['rgb(217, 72, 15)', { r: 217, g: 72, b: 15, a: 1 }],
    ['rgba(10,20,30,.5)', { r: 10, g: 20, b: 30, a: 0.5 }],
    ['rgb(100% 0% 50% / 25%)', { r: 255, g: 0, b: 127.5, a: 0.25 }],
    ['rgb(300, 0, 0)', { r: 255, g: 0, b: 0, a: 1 }],
    ['hsl(0, 100%, 50%)', { r: 255, g: 0, b: 0, a: 1 }],
    ['hsl(120deg 100% 25%)', { r: 0, g: 127.5, b: 0, a: 1 }],
    ['hsla(480, 100%, 50%, 0.5)', { r: 0, g: 255, b: 0, a: 0.5 }],
  ])('reads %s', (value, expected) => {
    const color = parseThemeColor(value);
    expect(color?.r).toBeCloseTo(expected.r, 5);
    expect(color?.g).toBeCloseTo(expected.g, 5);
    expect(color?.b).toBeCloseTo(expected.b, 5);
    expect(color?.a).toBeCloseTo(expected.a, 5);
  });

  it.each(['red', '#ggg', 'var(--x)', 'url(//x)', 'red;}body{display:none}', ''])('reads nothing from %p', (value) => {
    expect(parseThemeColor(value)).toBeNull();
    expect(toHexColor(value)).toBeNull();
  });

  it.each([
    ['#000', LIGHT_FOREGROUND],
    ['#0b3d91', LIGHT_FOREGROUND],
    ['#d9480f', LIGHT_FOREGROUND],
    ['hsl(0 0% 35%)', LIGHT_FOREGROUND],
    ['#fff', DARK_FOREGROUND],
    ['#ffd43b', DARK_FOREGROUND],
    ['rgb(144, 238, 144)', DARK_FOREGROUND],
    ['hsl(0 0% 70%)', DARK_FOREGROUND],
    // Nearly transparent black shows as nearly white on the page.
    ['rgba(0, 0, 0, 0.1)', DARK_FOREGROUND],
  ])('writes on %s in %s', (background, foreground) => {
    expect(readableForeground(background)).toBe(foreground);
  });

  it('always picks the text with the higher contrast, across the grey scale', () => {
    for (let level = 0; level <= 255; level += 5) {
      const grey = { r: level, g: level, b: level, a: 1 };
      const chosen = parseThemeColor(readableForeground(`rgb(${level}, ${level}, ${level})`));
      const other = parseThemeColor(readableForeground(`rgb(${level}, ${level}, ${level})`) === LIGHT_FOREGROUND ? DARK_FOREGROUND : LIGHT_FOREGROUND);
      expect(contrastRatio(grey, chosen!)).toBeGreaterThanOrEqual(contrastRatio(grey, other!));
      // Either choice reads at least at the WCAG large-text level.
      expect(contrastRatio(grey, chosen!)).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives the dark text of the unpainted console for something that is not a colour', () => {
    expect(readableForeground('url(//x)')).toBe(DARK_FOREGROUND);
  });

  it('turns every allowed form into #rrggbb for a native colour input', () => {
    expect(toHexColor('#AbC')).toBe('#aabbcc');
    expect(toHexColor('rgb(217, 72, 15)')).toBe('#d9480f');
    expect(toHexColor('hsl(0 100% 50% / 0.5)')).toBe('#ff0000');
  });
});
