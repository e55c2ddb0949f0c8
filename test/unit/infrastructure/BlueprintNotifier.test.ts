import type { Toaster, ToastProps } from '@blueprintjs/core';
import { BlueprintNotifier, TOAST_TIMEOUT_MS } from '../../../src/infrastructure/notifier/BlueprintNotifier';

class RecordingToaster implements Toaster {
  readonly shown: ToastProps[] = [];
  show(props: ToastProps): string {
    this.shown.push(props);
    return String(this.shown.length);
  }
  dismiss(): void {}
  clear(): void {}
  getToasts() {
    return [];
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('BlueprintNotifier', () => {
  let toaster: RecordingToaster;
  let notifier: BlueprintNotifier;

  beforeEach(() => {
    toaster = new RecordingToaster();
    notifier = new BlueprintNotifier(Promise.resolve(toaster), (key) => `t(${key})`);
  });

  it('shows a translated toast for 5000 ms with a close button', async () => {
    notifier.show({ message: 'errors.network', intent: 'danger' });
    await flush();
    expect(toaster.shown).toHaveLength(1);
    expect(toaster.shown[0]).toMatchObject({ message: 't(errors.network)', intent: 'danger', timeout: TOAST_TIMEOUT_MS, isCloseButtonShown: true });
    expect(TOAST_TIMEOUT_MS).toBe(5000);
  });

  it('does not show a toast again while an equal one is on screen', async () => {
    notifier.show({ title: 'a.title', message: 'a.message' });
    notifier.show({ title: 'a.title', message: 'a.message' });
    notifier.show({ message: 'a.message' });
    notifier.show({ title: 'b.title', message: 'a.message' });
    await flush();
    expect(toaster.shown).toHaveLength(3);
  });

  it('shows it again once the first one is gone', async () => {
    notifier.show({ message: 'a.message' });
    await flush();
    toaster.shown[0]?.onDismiss?.(true);
    notifier.show({ message: 'a.message' });
    await flush();
    expect(toaster.shown).toHaveLength(2);
  });

  it('shows no action unless given one', async () => {
    notifier.show({ message: 'a.message' });
    await flush();
    expect(toaster.shown[0]?.action).toBeUndefined();
  });

  it('keeps a toast that does not expire on screen, without a close button, with its translated action', async () => {
    const clicks: string[] = [];
    notifier.show({ message: 'update.available', intent: 'primary', expires: false, action: { text: 'update.reload', onClick: () => clicks.push('reload') } });
    await flush();
    expect(toaster.shown[0]).toMatchObject({ message: 't(update.available)', intent: 'primary', timeout: 0, isCloseButtonShown: false });
    expect(toaster.shown[0]?.action).toMatchObject({ text: 't(update.reload)' });
    toaster.shown[0]?.action?.onClick?.({} as never);
    expect(clicks).toEqual(['reload']);
  });

  it('an action alone does not keep the toast', async () => {
    notifier.show({ message: 'a.message', action: { text: 'a.action', onClick: () => undefined } });
    await flush();
    expect(toaster.shown[0]).toMatchObject({ timeout: TOAST_TIMEOUT_MS, isCloseButtonShown: true, action: { text: 't(a.action)' } });
  });
});
