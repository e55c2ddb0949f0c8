import { TourState } from '../../../../src/ui/tour/TourState';
import type { TourStep } from '../../../../src/ui/tour/tourSteps';

const step = (target: string): TourStep => ({ target, title: `${target}.title`, text: `${target}.text` });
const steps = ['a', 'b', 'c', 'd', 'e'].map(step);

/** A tour over `steps` whose targets in `shown` are on screen; `shown` may change later. */
function tourOver(shown: Set<string>) {
  return new TourState(steps, (s) => shown.has(s.target));
}

const target = (tour: TourState) => tour.current?.target ?? null;

describe('TourState', () => {
  it('walks the steps in order with next and back, and stays put at either end', () => {
    const tour = tourOver(new Set(['a', 'b', 'c', 'd', 'e']));
    expect(tour.running).toBe(false);
    tour.start();
    expect(tour.running).toBe(true);
    expect(target(tour)).toBe('a');
    tour.back();
    expect(target(tour)).toBe('a');
    const seen = [target(tour)];
    for (let i = 0; i < 5; i++) {
      tour.next();
      seen.push(target(tour));
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e', 'e']);
    tour.back();
    tour.back();
    expect(target(tour)).toBe('c');
  });

  it('passes over steps whose target is not on screen, forwards and backwards', () => {
    const tour = tourOver(new Set(['b', 'd', 'e']));
    tour.start();
    expect(target(tour)).toBe('b');
    tour.next();
    expect(target(tour)).toBe('d');
    tour.back();
    expect(target(tour)).toBe('b');
    tour.back();
    expect(target(tour)).toBe('b');
  });

  it('counts only the steps on screen', () => {
    const tour = tourOver(new Set(['a', 'b', 'd', 'e']));
    tour.start();
    expect(tour.progress()).toEqual({ position: 1, total: 4, first: true, last: false });
    tour.next();
    tour.next();
    expect(target(tour)).toBe('d');
    expect(tour.progress()).toEqual({ position: 3, total: 4, first: false, last: false });
    tour.next();
    expect(tour.progress()).toEqual({ position: 4, total: 4, first: false, last: true });
  });

  it('shows no step when no target is on screen', () => {
    const tour = tourOver(new Set());
    tour.start();
    expect(tour.running).toBe(true);
    expect(tour.current).toBeNull();
    expect(tour.progress()).toBeNull();
    tour.next();
    expect(tour.current).toBeNull();
  });

  it('leaves a step whose target went away for the next one, or else the one before', () => {
    const shown = new Set(['a', 'b', 'c', 'd']);
    const tour = tourOver(shown);
    tour.start();
    tour.next();
    shown.delete('b');
    tour.settle();
    expect(target(tour)).toBe('c');
    tour.next();
    shown.delete('d');
    tour.settle();
    expect(target(tour)).toBe('c');
    shown.clear();
    tour.settle();
    expect(tour.current).toBeNull();
    shown.add('e');
    tour.settle();
    expect(target(tour)).toBe('e');
  });

  it('ends with close and starts over at the first step', () => {
    const tour = tourOver(new Set(['a', 'b']));
    tour.start();
    tour.next();
    tour.close();
    expect(tour.running).toBe(false);
    tour.start();
    expect(target(tour)).toBe('a');
  });
});
