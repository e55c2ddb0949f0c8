import { Classes } from '@blueprintjs/core';
import type { Appearance } from '../../../shared/ColorScheme';
import { readableThemeColors } from '../../../shared/colorContrast';
import { isValidThemeColor, THEME_COLOR_KEYS, type ThemeColors } from '../../../shared/ThemeColors';
import type { ThemeService } from '../../domain/ports/ThemeService';
import { themeStyleText } from './themeStyleText';

/** The id of the one style element that carries the tenant's colours. */
export const CUSTOM_STYLE_ID = 'custom-style';

/** How much of a refused value a warning quotes: enough to recognise it, never a whole payload. */
const QUOTED_LENGTH = 40;

/**
 * ThemeService over the DOM. The dark theme is Blueprint's `Classes.DARK` on `<body>`: the console's
 * root and every portal (overlays, toasts, popovers, drawers render into `body`) are inside it.
 * The tenant's colours are one `<style id="custom-style">` at the end of `<head>`, with rules for
 * both themes. Under the
 * backend's Content-Security-Policy (`style-src 'self' 'nonce-…'`) an inline style element applies
 * only with the nonce of the answer, which the server writes into `<meta name="csp-nonce">`.
 * Every colour is checked against the allowlist again here, right before it becomes CSS.
 */
export class DomThemeService implements ThemeService {
  private appearance: Appearance = 'light';
  private printing = false;

  constructor(private readonly document: Document) {
    // Paper is white and browsers leave backgrounds out of print: a page is printed in the light theme.
    const view = document.defaultView;
    view?.addEventListener('beforeprint', () => this.print(true));
    view?.addEventListener('afterprint', () => this.print(false));
  }

  show(appearance: Appearance): void {
    this.appearance = appearance;
    this.draw();
  }

  private print(printing: boolean): void {
    this.printing = printing;
    this.draw();
  }

  private draw(): void {
    this.document.body.classList.toggle(Classes.DARK, this.appearance === 'dark' && !this.printing);
  }

  /**
   * A colour whose text would not read in one of the themes (stored before the backend refused such
   * colours) is left out without a word: the console's own colour shows in its place.
   */
  apply(colors: ThemeColors): void {
    const text = themeStyleText(readableThemeColors(this.validColors(colors)));
    if (text === '') {
      this.remove();
      return;
    }
    const style = this.styleElement();
    if (style.textContent !== text) {
      style.textContent = text;
    }
  }

  remove(): void {
    this.document.getElementById(CUSTOM_STYLE_ID)?.remove();
  }

  private validColors(colors: ThemeColors): ThemeColors {
    const valid: ThemeColors = {};
    for (const key of THEME_COLOR_KEYS) {
      const value: unknown = colors[key];
      if (value === undefined || value === null || value === '') {
        continue;
      }
      if (isValidThemeColor(value)) {
        valid[key] = value;
      } else {
        console.warn(
          `Theme colour ${key} ignored: not of the form #rgb, #rrggbb, rgb() or hsl():`,
          JSON.stringify(String(value).slice(0, QUOTED_LENGTH)),
        );
      }
    }
    return valid;
  }

  private styleElement(): HTMLStyleElement {
    const existing = this.document.getElementById(CUSTOM_STYLE_ID);
    if (existing?.tagName === 'STYLE') {
      return existing as HTMLStyleElement;
    }
    existing?.remove();
    const style = this.document.createElement('style');
    style.id = CUSTOM_STYLE_ID;
    const nonce = this.nonce();
    if (nonce) {
      style.setAttribute('nonce', nonce);
    }
    this.document.head.append(style);
    return style;
  }

  /**
   * The nonce of this page. Read from the meta element's `content`: browsers hide the `nonce`
   * attribute of elements after parsing, so it cannot be copied from another style or script.
   */
  private nonce(): string {
    const meta = this.document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]');
    return meta?.content ?? '';
  }
}
