import { action, computed, makeObservable, observable, reaction } from 'mobx';
import { appearanceOf, type Appearance } from '../../../shared/ColorScheme';
import { DisposableCollection, type Disposable } from '../../../shared/Disposable';
import type { SessionStore } from '../ports/SessionStore';
import type { SystemColorScheme } from '../ports/SystemColorScheme';
import type { ThemeService } from '../ports/ThemeService';

/**
 * The theme the console is drawn in: the one the operator chose (`SessionStore.colorScheme`, from
 * the stored state before the backend answers), or for `system` the operating system's, followed
 * while it changes. Started before the first render, so a reload shows the theme at once.
 */
export class AppearanceStore implements Disposable {
  /** The operating system's theme, as last told. */
  system: Appearance;

  private readonly disposables = new DisposableCollection();

  constructor(
    private readonly session: SessionStore,
    private readonly systemScheme: SystemColorScheme,
    private readonly theme: ThemeService,
  ) {
    this.system = systemScheme.current();
    makeObservable<AppearanceStore, 'follow'>(this, {
      system: observable,
      appearance: computed,
      follow: action,
    });
  }

  /** What shows now. */
  get appearance(): Appearance {
    return appearanceOf(this.session.colorScheme, this.system);
  }

  /** Draws the console in its theme now and at every change of the choice or of the system's. */
  start(): void {
    this.follow(this.systemScheme.current());
    this.disposables.add(this.systemScheme.onDidChange((appearance) => this.follow(appearance)));
    this.disposables.add(reaction(() => this.appearance, (appearance) => this.theme.show(appearance), { fireImmediately: true }));
  }

  dispose(): void {
    this.disposables.dispose();
  }

  private follow(appearance: Appearance): void {
    this.system = appearance;
  }
}
