import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contrastRatio, MIN_TEXT_CONTRAST, parseThemeColor } from '../../../../shared/colorContrast';
import { ORDER_STATUSES } from '../../../../shared/OrderStatus';

const ORDERS = path.join(__dirname, '..', '..', '..', '..', 'src', 'ui', 'orders');

/** The declarations of the rule for exactly `selector` in `file`. */
function declarations(file: string, selector: string): Record<string, string> {
  const css = readFileSync(path.join(ORDERS, file), 'utf8');
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|\\n)${escaped} \\{([^}]*)\\}`).exec(css);
  if (!rule?.[1]) {
    throw new Error(`${file} has no rule for ${selector}`);
  }
  return Object.fromEntries(
    rule[1]
      .split(';')
      .map((declaration) => declaration.split(':').map((part) => part.trim()))
      .filter((parts): parts is [string, string] => parts.length === 2 && parts[0] !== ''),
  );
}

describe('status tags', () => {
  it.each(
    ORDER_STATUSES.flatMap((status) => [
      ['light', status, 'OrdersGrid.css', `.cockpit-status-${status}`],
      ['dark', status, 'OrdersGrid.dark.css', `.bp6-dark .cockpit-status-${status}`],
    ]),
  )('in the %s theme, %s sits on an opaque tint of its own with text of at least 4.5:1 on it', (_theme, _status, file, selector) => {
    const rule = declarations(file, selector);
    const background = parseThemeColor(rule.background ?? '');
    const text = parseThemeColor(rule.color ?? '');
    // Opaque: the row behind (marked, selected, hovered) cannot change what the text is read on.
    expect(background?.a).toBe(1);
    expect(text?.a).toBe(1);
    expect(contrastRatio(background!, text!)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
