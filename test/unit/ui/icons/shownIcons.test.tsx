import { Icons } from '@blueprintjs/icons';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen } from '@testing-library/react';
import { OrdersPage } from '../../../../src/ui/orders/OrdersPage';
import { LiveIndicator } from '../../../../src/ui/shell/LiveIndicator';
import { createTestContainer } from '../../support/createTestContainer';
import { renderWithServices } from '../../support/renderWithServices';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Every `.tsx` file under `dir`. */
function viewFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? viewFiles(full) : entry.name.endsWith('.tsx') ? [full] : [];
  });
}

/** The icons a page shows carry their own paths: none goes through Blueprint's loader of every icon's paths. */
describe('icons', () => {
  afterEach(() => jest.restoreAllMocks());

  it('the live indicator draws its icon in the first render, without loading icon paths', () => {
    const load = jest.spyOn(Icons, 'load');
    renderWithServices(createTestContainer(), <LiveIndicator />);
    const icon = screen.getByRole('status').querySelector('svg[data-icon="offline"]');
    expect(icon?.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    expect(load).not.toHaveBeenCalled();
  });

  it('the orders page draws every icon it shows with paths, without loading icon paths', async () => {
    localStorage.clear();
    const load = jest.spyOn(Icons, 'load');
    const view = renderWithServices(createTestContainer(), <OrdersPage />, '/orders');
    await settle();
    const icons = Array.from(document.querySelectorAll('.bp6-icon'));
    expect(icons.length).toBeGreaterThan(2);
    const blank = icons.filter((icon) => icon.querySelector('svg path') === null).map((icon) => icon.getAttribute('data-icon') ?? icon.className);
    expect(blank).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    view.lifecycle.dispose();
  });

  it('no view names an icon by its name (a name makes Blueprint load the paths of every icon)', () => {
    const named = viewFiles(path.resolve(__dirname, '../../../../src/ui')).flatMap((file) =>
      Array.from(readFileSync(file, 'utf8').matchAll(/\b(?:icon|endIcon|leftIcon|rightIcon)=\{?\s*['"][a-z0-9-]+['"]/gi), (match) => `${path.basename(file)}: ${match[0]}`),
    );
    expect(named).toEqual([]);
  });
});
