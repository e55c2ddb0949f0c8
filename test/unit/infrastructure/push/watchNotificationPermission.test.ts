import { watchNotificationPermission } from '../../../../src/infrastructure/push/watchNotificationPermission';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A browser's Permissions API: `query` answers with one status for notifications, or as the test says. */
function permissionsOf(query: (descriptor: PermissionDescriptor) => Promise<PermissionStatus>): Pick<Navigator, 'permissions'> {
  return { permissions: { query } as Permissions };
}

describe('watchNotificationPermission', () => {
  it('calls the listener whenever the browser tells that the notification permission changed, until stopped', async () => {
    const status = new EventTarget() as PermissionStatus;
    const asked: PermissionDescriptor[] = [];
    const listener = jest.fn();
    const stop = watchNotificationPermission(
      permissionsOf(async (descriptor) => {
        asked.push(descriptor);
        return status;
      }),
      listener,
    );
    await flush();
    expect(asked).toEqual([{ name: 'notifications' }]);
    status.dispatchEvent(new Event('change'));
    status.dispatchEvent(new Event('change'));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    status.dispatchEvent(new Event('change'));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('listens to nothing when stopped before the browser answered', async () => {
    const status = new EventTarget() as PermissionStatus;
    const listener = jest.fn();
    const stop = watchNotificationPermission(
      permissionsOf(async () => status),
      listener,
    );
    stop();
    await flush();
    status.dispatchEvent(new Event('change'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('tells nothing, and fails nowhere, without the Permissions API or where it does not know notifications', async () => {
    const listener = jest.fn();
    expect(() => watchNotificationPermission({} as Pick<Navigator, 'permissions'>, listener)()).not.toThrow();
    watchNotificationPermission(
      permissionsOf(() => Promise.reject(new TypeError("The provided value 'notifications' is not a valid enum value of type PermissionName."))),
      listener,
    );
    watchNotificationPermission(
      permissionsOf(() => {
        throw new TypeError('Unknown permission');
      }),
      listener,
    );
    await flush();
    expect(listener).not.toHaveBeenCalled();
  });
});
