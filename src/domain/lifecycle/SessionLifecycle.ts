import { reaction } from 'mobx';
import { DisposableCollection, type Disposable } from '../model/Disposable';
import type { LocaleService } from '../ports/LocaleService';
import type { SessionStore } from '../ports/SessionStore';

/**
 * What happens when the session changes, in one place (spec §4): started by the composition root
 * after the session is restored, disposed on shutdown.
 * - The language puts itself into effect: interface texts, date locale, `<html lang>`.
 */
export class SessionLifecycle implements Disposable {
  private readonly disposables = new DisposableCollection();

  constructor(
    private readonly session: SessionStore,
    private readonly locale: LocaleService,
  ) {}

  start(): void {
    this.disposables.add(
      reaction(
        () => this.session.language,
        (language) => this.locale.apply(language),
        { fireImmediately: true },
      ),
    );
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
