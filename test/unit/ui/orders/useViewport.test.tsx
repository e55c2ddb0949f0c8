import { act, render } from '@testing-library/react';
import { useViewport } from '../../../../src/ui/orders/useViewport';
import type { Viewport } from '../../../../src/ui/orders/rowWindow';

/** A ResizeObserver whose callbacks the test calls, as the browser does in a frame after its layout. */
class ManualResizeObserver {
  static observers: ManualResizeObserver[] = [];
  observed: Element[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    ManualResizeObserver.observers.push(this);
  }
  observe(element: Element): void {
    this.observed.push(element);
  }
  unobserve(): void {}
  disconnect(): void {
    this.observed = [];
  }
  deliver(): void {
    this.callback([], this as unknown as ResizeObserver);
  }
}

function Scroller({ onViewport }: { onViewport(viewport: Readonly<Viewport>): void }) {
  const { ref, viewport } = useViewport<HTMLDivElement>();
  onViewport(viewport);
  return <div ref={ref} data-testid="scroller" />;
}

describe('useViewport', () => {
  /** Reads of the element's layout (each makes the browser lay the page out when it is not). */
  let layoutReads: string[];

  beforeEach(() => {
    layoutReads = [];
    ManualResizeObserver.observers = [];
    for (const [property, value] of [
      ['clientHeight', 540],
      ['scrollTop', 72],
    ] as const) {
      jest.spyOn(HTMLElement.prototype, property, 'get').mockImplementation(() => {
        layoutReads.push(property);
        return value;
      });
    }
  });

  afterEach(() => {
    jest.restoreAllMocks();
    delete (window as { ResizeObserver?: unknown }).ResizeObserver;
  });

  it('reads no layout when it mounts: the window\'s height first, the element\'s once the browser has laid it out', () => {
    (window as { ResizeObserver?: unknown }).ResizeObserver = ManualResizeObserver;
    let viewport: Readonly<Viewport> | null = null;
    const { getByTestId, unmount } = render(<Scroller onViewport={(seen) => (viewport = seen)} />);

    expect(layoutReads).toEqual([]);
    expect(viewport).toEqual({ top: 0, height: window.innerHeight });
    const [observer] = ManualResizeObserver.observers;
    expect(observer?.observed).toEqual([getByTestId('scroller')]);

    act(() => observer!.deliver());
    expect(viewport).toEqual({ top: 72, height: 540 });
    unmount();
    expect(observer?.observed).toEqual([]);
  });

  it('measures the element when it mounts where there is no ResizeObserver', () => {
    let viewport: Readonly<Viewport> | null = null;
    render(<Scroller onViewport={(seen) => (viewport = seen)} />);
    expect(viewport).toEqual({ top: 72, height: 540 });
  });
});
