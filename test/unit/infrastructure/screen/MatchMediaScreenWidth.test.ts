import { autorun } from 'mobx';
import { MatchMediaScreenWidth } from '../../../../src/infrastructure/screen/MatchMediaScreenWidth';

/** A window whose width the test sets; its media queries answer `max-width` from it and tell their listeners of a change. */
function windowOfWidth(initial: number) {
  let width = initial;
  const queries: { query: string; listeners: Set<() => void>; matches: boolean }[] = [];
  const maxWidth = (query: string) => Number(/max-width:\s*(\d+)px/.exec(query)?.[1]);
  const matchMedia = (query: string) => {
    const entry = {
      query,
      listeners: new Set<() => void>(),
      get matches() {
        return width <= maxWidth(query);
      },
    };
    queries.push(entry);
    return {
      get matches() {
        return entry.matches;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => entry.listeners.delete(listener),
    } as unknown as MediaQueryList;
  };
  return {
    window: { matchMedia } as Pick<Window, 'matchMedia'>,
    queries,
    resize(next: number) {
      const before = queries.map((entry) => entry.matches);
      width = next;
      queries.forEach((entry, index) => {
        if (entry.matches !== before[index]) entry.listeners.forEach((listener) => listener());
      });
    },
  };
}

describe('MatchMediaScreenWidth', () => {
  it('tells the width class at the start: wide over 1100 px, a tablet up to 1100 px, a phone up to 600 px', () => {
    expect(new MatchMediaScreenWidth(windowOfWidth(1366).window).current).toBe('wide');
    expect(new MatchMediaScreenWidth(windowOfWidth(1101).window).current).toBe('wide');
    expect(new MatchMediaScreenWidth(windowOfWidth(1100).window).current).toBe('tablet');
    expect(new MatchMediaScreenWidth(windowOfWidth(768).window).current).toBe('tablet');
    expect(new MatchMediaScreenWidth(windowOfWidth(601).window).current).toBe('tablet');
    expect(new MatchMediaScreenWidth(windowOfWidth(600).window).current).toBe('phone');
    expect(new MatchMediaScreenWidth(windowOfWidth(390).window).current).toBe('phone');
  });

  it('asks the same media queries the stylesheets use', () => {
    const media = windowOfWidth(1366);
    new MatchMediaScreenWidth(media.window);
    expect(media.queries.map((entry) => entry.query)).toEqual(['(max-width: 1100px)', '(max-width: 600px)']);
  });

  it('changes live, observably, as the window is resized or turned, and listens no more once disposed', () => {
    const media = windowOfWidth(1366);
    const screen = new MatchMediaScreenWidth(media.window);
    const seen: string[] = [];
    const stop = autorun(() => seen.push(screen.current));
    media.resize(768);
    media.resize(390);
    media.resize(500);
    media.resize(1024);
    media.resize(1280);
    expect(seen).toEqual(['wide', 'tablet', 'phone', 'tablet', 'wide']);
    screen.dispose();
    expect(media.queries.every((entry) => entry.listeners.size === 0)).toBe(true);
    media.resize(390);
    expect(screen.current).toBe('wide');
    stop();
  });

  it('is wide in a window without matchMedia', () => {
    expect(new MatchMediaScreenWidth({} as Pick<Window, 'matchMedia'>).current).toBe('wide');
  });
});
