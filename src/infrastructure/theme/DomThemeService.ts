import { isValidThemeColor, THEME_COLOR_KEYS, type ThemeColors } from '../../../shared/ThemeColors';
import type { ThemeService } from '../../domain/ports/ThemeService';
import { themeStyleText } from './themeStyleText';

/** The id of the one style element that carries the tenant's colours. */
export const CUSTOM_STYLE_ID = 'custom-style';

/** How much of a refused value a warning quotes: enough to recognise it, never a whole payload. */
const QUOTED_LENGTH = 40;

/**
 * ThemeService over the DOM: one `<style id="custom-style">` at the end of `<head>`. Under the
 * backend's Content-Security-Policy (`style-src 'self' 'nonce-…'`) an inline style element applies
 * only with the nonce of the answer, which the server writes into `<meta name="csp-nonce">`.
 * Every colour is checked against the allowlist again here, right before it becomes CSS.
 */
export class DomThemeService implements ThemeService {
  constructor(private readonly document: Document) {}

  apply(colors: ThemeColors): void {
    const text = themeStyleText(this.validColors(colors));
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
