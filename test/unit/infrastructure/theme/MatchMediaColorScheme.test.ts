import { DARK_QUERY, MatchMediaColorScheme } from '../../../../src/infrastructure/theme/MatchMediaColorScheme';

/** A `matchMedia` whose dark query the test switches, as the operating system would. */
function fakeMatchMedia(dark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const list = {
    matches: dark,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  const asked: string[] = [];
  return {
    asked,
    listeners,
    matchMedia: (query: string) => {
      asked.push(query);
      return list as unknown as MediaQueryList;
    },
    switchTo(next: boolean) {
      list.matches = next;
      listeners.forEach((listener) => listener({ matches: next } as MediaQueryListEvent));
    },
  };
}

describe('MatchMediaColorScheme', () => {
  it('reads prefers-color-scheme and tells each change until disposed', () => {
    const media = fakeMatchMedia(true);
    const scheme = new MatchMediaColorScheme({ matchMedia: media.matchMedia });
    expect(media.asked).toEqual([DARK_QUERY]);
    expect(scheme.current()).toBe('dark');
    const told: string[] = [];
    const listening = scheme.onDidChange((appearance) => told.push(appearance));
    media.switchTo(false);
    expect(scheme.current()).toBe('light');
    media.switchTo(true);
    listening.dispose();
    media.switchTo(false);
    expect(told).toEqual(['light', 'dark']);
    expect(media.listeners.size).toBe(0);
  });

  it('takes a browser without matchMedia as light', () => {
    const scheme = new MatchMediaColorScheme({} as Pick<Window, 'matchMedia'>);
    expect(scheme.current()).toBe('light');
    scheme.onDidChange(() => undefined).dispose();
  });
});
