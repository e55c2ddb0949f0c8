import type { ThemeColors } from '../../../../shared/ThemeColors';
import { CUSTOM_STYLE_ID, DomThemeService } from '../../../../src/infrastructure/theme/DomThemeService';

const HEADER = '.cockpit-header-toolbar.bp6-navbar';
const TOOLBAR = '.cockpit-primary-toolbar.bp6-navbar';
const BUTTON = '.bp6-button.bp6-intent-primary:not(.bp6-minimal):not(.bp6-outlined)';

function customStyles(): HTMLStyleElement[] {
  return [...document.querySelectorAll<HTMLStyleElement>(`style#${CUSTOM_STYLE_ID}`)];
}

function styleText(): string {
  return document.getElementById(CUSTOM_STYLE_ID)?.textContent ?? '';
}

/** The declarations of the rule with exactly this selector, as the browser's CSS parser reads them. */
function declarations(selector: string): CSSStyleDeclaration | undefined {
  const sheet = (document.getElementById(CUSTOM_STYLE_ID) as HTMLStyleElement | null)?.sheet;
  const rules = [...(sheet?.cssRules ?? [])] as CSSStyleRule[];
  return rules.find((rule) => rule.selectorText.replace(/\s*,\s*/g, ', ') === selector)?.style;
}

describe('DomThemeService', () => {
  let theme: DomThemeService;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    document.head.innerHTML = '<meta name="csp-nonce" content="bm9uY2UtMTIz">';
    theme = new DomThemeService(document);
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    theme.remove();
    warn.mockRestore();
  });

  it('paints only the header toolbar when only color1 is set, with light text on a dark colour', () => {
    theme.apply({ color1: '#0b3d91' });
    expect(customStyles()).toHaveLength(1);
    expect(customStyles()[0]?.parentElement).toBe(document.head);
    expect(declarations(HEADER)?.getPropertyValue('background-color')).toBe('#0b3d91');
    expect(declarations(HEADER)?.getPropertyValue('color')).toBe('#ffffff');
    expect(declarations(`.cockpit-header-toolbar .bp6-button.bp6-minimal, .cockpit-header-toolbar .bp6-html-select.bp6-minimal`)?.getPropertyValue('--bp-typography-color-default-rest').trim()).toBe('#ffffff');
    expect(styleText()).not.toContain('cockpit-primary-toolbar');
    expect(styleText()).not.toContain('bp6-intent-primary');
  });

  it('paints only the primary toolbar when only color2 is set, with dark text on a light colour', () => {
    theme.apply({ color2: '#ffd43b' });
    expect(declarations(TOOLBAR)?.getPropertyValue('background-color')).toBe('#ffd43b');
    expect(declarations(TOOLBAR)?.getPropertyValue('color')).toBe('#1c2127');
    expect(styleText()).not.toContain('cockpit-header-toolbar');
    expect(styleText()).not.toContain('bp6-intent-primary');
  });

  it('tints a toolbar\'s hovered and active minimal controls away from their text, so the text reads at least as well as at rest', () => {
    theme.apply({ color1: '#0b3d91', color2: '#ffd43b' });
    const controls = (toolbar: string) => declarations(`.${toolbar} .bp6-button.bp6-minimal, .${toolbar} .bp6-html-select.bp6-minimal`);
    // White text on the dark header: hover and active darken it.
    expect(controls('cockpit-header-toolbar')?.getPropertyValue('--bp-intent-default-hover').trim()).toBe('#000000');
    expect(controls('cockpit-header-toolbar')?.getPropertyValue('--bp-intent-default-active').trim()).toBe('#000000');
    // Dark text on the light toolbar: hover and active lighten it.
    expect(controls('cockpit-primary-toolbar')?.getPropertyValue('--bp-intent-default-hover').trim()).toBe('#ffffff');
    expect(controls('cockpit-primary-toolbar')?.getPropertyValue('--bp-intent-default-active').trim()).toBe('#ffffff');
  });

  it('paints only the solid primary buttons when only color3 is set, hover and active included', () => {
    theme.apply({ color3: 'rgb(194, 65, 12)' });
    const button = declarations(BUTTON);
    expect(button?.getPropertyValue('--bp-intent-primary-rest').trim()).toBe('rgb(194, 65, 12)');
    expect(button?.getPropertyValue('--bp-intent-primary-foreground').trim()).toBe('#ffffff');
    expect(button?.getPropertyValue('--bp-intent-primary-hover').trim()).toBe('color-mix(in srgb, rgb(194, 65, 12) 80%, #000000)');
    expect(button?.getPropertyValue('--bp-intent-primary-active').trim()).toBe('color-mix(in srgb, rgb(194, 65, 12) 65%, #000000)');
    expect(styleText()).not.toContain('navbar');
  });

  it('paints all three together in one element', () => {
    theme.apply({ color1: '#0b3d91', color2: 'hsl(210 40% 96%)', color3: '#c2410c' });
    expect(customStyles()).toHaveLength(1);
    expect(declarations(HEADER)?.getPropertyValue('background-color')).toBe('#0b3d91');
    expect(declarations(TOOLBAR)?.getPropertyValue('background-color')).toBe('hsl(210 40% 96%)');
    expect(declarations(TOOLBAR)?.getPropertyValue('color')).toBe('#1c2127');
    expect(declarations(BUTTON)?.getPropertyValue('--bp-intent-primary-rest').trim()).toBe('#c2410c');
  });

  it('keeps one element across changes and removes it when no colour is left', () => {
    theme.apply({ color1: '#0b3d91' });
    const first = customStyles()[0];
    theme.apply({ color1: '#123', color3: '#c2410c' });
    expect(customStyles()).toEqual([first]);
    expect(styleText()).toContain('#123;');
    expect(styleText()).not.toContain('#0b3d91');

    theme.apply({});
    expect(customStyles()).toEqual([]);

    theme.apply({ color2: '#1f6feb' });
    expect(customStyles()).toHaveLength(1);
    theme.remove();
    expect(document.getElementById(CUSTOM_STYLE_ID)).toBeNull();
  });

  it('carries the nonce of the page from <meta name="csp-nonce">, so the Content-Security-Policy admits it', () => {
    theme.apply({ color1: '#0b3d91' });
    expect(customStyles()[0]?.getAttribute('nonce')).toBe('bm9uY2UtMTIz');
  });

  it('sets no nonce when the page has none', () => {
    document.head.innerHTML = '';
    theme.apply({ color1: '#0b3d91' });
    expect(customStyles()[0]?.hasAttribute('nonce')).toBe(false);
  });

  it('replaces an element of that id that is not a style element', () => {
    document.body.innerHTML = `<div id="${CUSTOM_STYLE_ID}">x</div>`;
    theme.apply({ color1: '#0b3d91' });
    expect(document.querySelectorAll(`#${CUSTOM_STYLE_ID}`)).toHaveLength(1);
    expect(customStyles()).toHaveLength(1);
    document.body.innerHTML = '';
  });

  it('paints the colours into the dark theme too, under bp6-dark, with the text that reads over the dark page', () => {
    theme.apply({ color1: '#0b3d91', color2: 'rgba(255, 255, 255, 0.2)', color3: '#c2410c' });
    expect(declarations(`.bp6-dark ${HEADER}`)?.getPropertyValue('background-color')).toBe('#0b3d91');
    expect(declarations(`.bp6-dark ${HEADER}`)?.getPropertyValue('color')).toBe('#ffffff');
    // A translucent white: dark text over the white page, light text over the dark one.
    expect(declarations(TOOLBAR)?.getPropertyValue('color')).toBe('#1c2127');
    expect(declarations(`.bp6-dark ${TOOLBAR}`)?.getPropertyValue('background-color')).toBe('rgba(255, 255, 255, 0.2)');
    expect(declarations(`.bp6-dark ${TOOLBAR}`)?.getPropertyValue('color')).toBe('#ffffff');
    expect(declarations(`.bp6-dark ${BUTTON}`)?.getPropertyValue('--bp-intent-primary-rest').trim()).toBe('#c2410c');
    // The focus ring on a painted toolbar is drawn in its text colour.
    expect(declarations('.cockpit-header-toolbar :focus')?.getPropertyValue('outline-color')).toBe('#ffffff');
  });

  it('leaves out, without a word, a stored colour whose text would not read in one of the themes: the default shows', () => {
    theme.apply({ color1: '#808080', color2: 'rgba(255, 255, 255, 0.4)', color3: '#c2410c' });
    expect(styleText()).not.toContain('cockpit-header-toolbar');
    expect(styleText()).not.toContain('cockpit-primary-toolbar');
    expect(declarations(BUTTON)?.getPropertyValue('--bp-intent-primary-rest').trim()).toBe('#c2410c');
    expect(warn).not.toHaveBeenCalled();
    theme.apply({ color3: '#d9480f' });
    expect(customStyles()).toEqual([]);
  });

  it('draws the dark theme with Blueprint\'s class on <body>, which holds the portals too, and takes it away for the light one', () => {
    theme.show('dark');
    expect(document.body.classList.contains('bp6-dark')).toBe(true);
    theme.show('dark');
    expect([...document.body.classList].filter((name) => name === 'bp6-dark')).toHaveLength(1);
    theme.show('light');
    expect(document.body.classList.contains('bp6-dark')).toBe(false);
  });

  it('prints in the light theme: paper is white and backgrounds are left out of print', () => {
    theme.show('dark');
    window.dispatchEvent(new Event('beforeprint'));
    expect(document.body.classList.contains('bp6-dark')).toBe(false);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body.classList.contains('bp6-dark')).toBe(true);
    theme.show('light');
  });

  describe('refuses anything outside the allowlist', () => {
    const hostile: [string, string, readonly string[]][] = [
      ['a declaration breaking out', 'red;}body{display:none}', ['display', 'body{', 'red']],
      ['markup closing the style', '</style><script>alert(1)</script>', ['<', 'script', 'alert']],
      ['a custom property', 'var(--x)', ['var(--x)']],
      ['a URL', 'url(//x)', ['url(']],
      ['an expression', 'expression(alert(1))', ['expression', 'alert']],
      ['a hex colour with foreign digits', '#ggg', ['#ggg']],
      ['a colour name', 'red', ['red']],
      ['an escape', '\\72 ed', ['\\72']],
      ['10 KB of text', `#${'a'.repeat(10 * 1024)}`, ['aaaaaaa']],
    ];

    it.each(hostile)('%s never reaches the style text and is warned about', (_name, value, fragments) => {
      theme.apply({ color1: value, color2: '#1f6feb', color3: value });
      const text = styleText();
      expect(text).toContain('#1f6feb');
      expect(text).not.toContain(value);
      for (const fragment of fragments) {
        expect(text).not.toContain(fragment);
      }
      expect(text).not.toContain('cockpit-header-toolbar');
      expect(text).not.toContain('bp6-intent-primary');
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[0]?.[0])).toContain('color1');
      expect(String(warn.mock.calls[1]?.[0])).toContain('color3');
      // The warning quotes the value shortened, never a whole payload.
      expect(warn.mock.calls[0]?.[1]).toBe(JSON.stringify(value.slice(0, 40)));
    });

    it('leaves no element when every colour is refused', () => {
      theme.apply({ color1: 'red;}body{display:none}', color2: 'url(//x)', color3: 'var(--x)' });
      expect(customStyles()).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(3);
    });

    it('refuses values that are not strings, as a corrupted session could hold them', () => {
      theme.apply({ color1: { toString: () => '#fff' } } as unknown as ThemeColors);
      expect(customStyles()).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(1);
    });
  });
});
