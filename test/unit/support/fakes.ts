import type { Clock } from '../../../src/domain/ports/Clock';
import type { LocaleService } from '../../../src/domain/ports/LocaleService';
import type { Language } from '../../../shared/Language';
import type { Navigator } from '../../../src/domain/ports/Navigator';
import type { Notifier, Toast } from '../../../src/domain/ports/Notifier';

export class FakeClock implements Clock {
  constructor(public time = Date.parse('2026-11-21T09:00:00Z')) {}
  now(): number {
    return this.time;
  }
}

export class FakeNavigator implements Navigator {
  readonly navigations: string[] = [];
  constructor(public currentPath = '/orders') {}
  navigate(path: string): void {
    this.navigations.push(path);
    this.currentPath = path;
  }
}

export class FakeNotifier implements Notifier {
  readonly toasts: Toast[] = [];
  show(toast: Toast): void {
    this.toasts.push(toast);
  }
}

export class FakeLocaleService implements LocaleService {
  readonly applied: Language[] = [];
  apply(language: Language): void {
    this.applied.push(language);
  }
}
