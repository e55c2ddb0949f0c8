import { ContainerModule } from 'inversify';
import { AuthApi } from '../../domain/ports/AuthApi';
import { Notifier } from '../../domain/ports/Notifier';
import { SessionStore } from '../../domain/ports/SessionStore';
import { PasswordChangeStore } from '../../domain/stores/PasswordChangeStore';
import { ThemeSettingsStore } from '../../domain/stores/ThemeSettingsStore';

/** The settings page's forms (the tenant's colours, the own password), with the page's chunk (`pageModules`). */
export const settingsPageModule = new ContainerModule(({ bind }) => {
  bind(PasswordChangeStore)
    .toResolvedValue((session: SessionStore, api: AuthApi, notifier: Notifier) => new PasswordChangeStore(session, api, notifier), [SessionStore, AuthApi, Notifier])
    .inSingletonScope();
  bind(ThemeSettingsStore)
    .toResolvedValue((session: SessionStore, api: AuthApi, notifier: Notifier) => new ThemeSettingsStore(session, api, notifier), [SessionStore, AuthApi, Notifier])
    .inSingletonScope();
});
