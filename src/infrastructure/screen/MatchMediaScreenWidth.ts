import { action, makeObservable, observable } from 'mobx';
import type { Disposable } from '../../../shared/Disposable';
import { PHONE_MAX_WIDTH, TABLET_MAX_WIDTH, type ScreenClass, type ScreenWidth } from '../../domain/ports/ScreenWidth';

type MediaWindow = Pick<Window, 'matchMedia'>;

/**
 * ScreenWidth from two media queries (`max-width: 1100px`, `max-width: 600px`), the ones the
 * stylesheets use, so the views' classes and the CSS agree at every width. A `change` of either
 * query sets `current` at once. A window without `matchMedia` is wide.
 */
export class MatchMediaScreenWidth implements ScreenWidth, Disposable {
  current: ScreenClass = 'wide';

  private queries: MediaQueryList[] = [];

  constructor(window: MediaWindow) {
    makeObservable<MatchMediaScreenWidth, 'update'>(this, { current: observable, update: action });
    if (typeof window.matchMedia !== 'function') {
      return;
    }
    this.queries = [window.matchMedia(`(max-width: ${TABLET_MAX_WIDTH}px)`), window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH}px)`)];
    for (const query of this.queries) {
      query.addEventListener('change', this.update);
    }
    this.update();
  }

  private readonly update = (): void => {
    const [tablet, phone] = this.queries;
    const next: ScreenClass = phone?.matches ? 'phone' : tablet?.matches ? 'tablet' : 'wide';
    if (next !== this.current) {
      this.current = next;
    }
  };

  dispose(): void {
    for (const query of this.queries) {
      query.removeEventListener('change', this.update);
    }
  }
}
