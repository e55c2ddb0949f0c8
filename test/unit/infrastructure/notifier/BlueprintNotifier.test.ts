import type { Toaster, ToastProps } from '@blueprintjs/core';
import {
  BlueprintNotifier,
  TOAST_TIMEOUT_MS,
  TOASTER_RETRY_FIRST_MS,
  TOASTER_RETRY_LAST_MS,
} from '../../../../src/infrastructure/notifier/BlueprintNotifier';

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
    notifier = new BlueprintNotifier(() => Promise.resolve(toaster), (key) => `t(${key})`);
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

describe('BlueprintNotifier loading its toaster', () => {
  /** A clock the test moves: the waits the notifier asked for, run when told. */
  function manualAfter() {
    const waits: { milliseconds: number; task: () => void }[] = [];
    return {
      waits,
      after: (milliseconds: number, task: () => void) => void waits.push({ milliseconds, task }),
      runNext: () => waits.shift()?.task(),
    };
  }

  it('loads the toaster with the first toast, not before, and once for all toasts', async () => {
    const toaster = new RecordingToaster();
    const load = jest.fn(() => Promise.resolve<Toaster>(toaster));
    const notifier = new BlueprintNotifier(load, (key) => key);
    await flush();
    expect(load).not.toHaveBeenCalled();

    notifier.show({ message: 'a' });
    notifier.show({ message: 'b' });
    await flush();
    notifier.show({ message: 'c' });
    await flush();

    expect(load).toHaveBeenCalledTimes(1);
    expect(toaster.shown.map((toast) => toast.message)).toEqual(['a', 'b', 'c']);
  });

  it('loses no toast when the toaster cannot be loaded: tries again after 1 s, 2 s, … at most 30 s, and shows each toast once', async () => {
    const toaster = new RecordingToaster();
    let failures = 7;
    const load = jest.fn(() => (failures-- > 0 ? Promise.reject(new Error('ChunkLoadError')) : Promise.resolve<Toaster>(toaster)));
    const clock = manualAfter();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const notifier = new BlueprintNotifier(load, (key) => key, clock.after);

    notifier.show({ message: 'update.available', expires: false });
    notifier.show({ message: 'update.available', expires: false });
    const waited: number[] = [];
    while (toaster.shown.length < 1) {
      await flush();
      const next = clock.waits[0];
      if (next) {
        waited.push(next.milliseconds);
        clock.runNext();
      }
    }
    await flush();

    expect(toaster.shown.map((toast) => toast.message)).toEqual(['update.available']);
    expect(waited).toEqual([TOASTER_RETRY_FIRST_MS, 2000, 4000, 8000, 16_000, TOASTER_RETRY_LAST_MS, TOASTER_RETRY_LAST_MS]);
    // Said once, not at every try.
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();

    // Once loaded, a later toast shows without waiting.
    notifier.show({ message: 'push.snackbarTitle' });
    await flush();
    expect(toaster.shown.map((toast) => toast.message)).toEqual(['update.available', 'push.snackbarTitle']);
    expect(load).toHaveBeenCalledTimes(8);
  });
});
