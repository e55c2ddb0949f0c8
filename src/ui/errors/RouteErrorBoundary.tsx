import { Component, createContext, useContext, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/** The error a route's boundary caught, for the element it shows instead (`useRouteFailure`). */
const RouteFailureContext = createContext<{ error: unknown } | undefined>(undefined);

/** The error the nearest route boundary caught (undefined outside one). */
export function useRouteFailure(): unknown {
  return useContext(RouteFailureContext)?.error;
}

interface BoundaryProps {
  /** Shown instead of the route once it threw. */
  fallback: ReactNode;
  /** The location the route was shown for: another one shows the route again. */
  locationKey: string;
  children?: ReactNode;
}

interface BoundaryState {
  failure?: { error: unknown };
  locationKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Like react-router's own boundary: a navigation leaves the error behind.
    return props.locationKey === state.locationKey ? null : { failure: undefined, locationKey: props.locationKey };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // Reported by the fallback (the route's error panel records it with its context).
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RouteFailureContext.Provider value={failure}>{this.props.fallback}</RouteFailureContext.Provider> : this.props.children;
  }
}

/**
 * A route's error boundary: catches what the route's element throws while rendering (a
 * lazy page whose chunk fails to load, too, or an error raised to it with `useRaiseToBoundary`)
 * and shows `fallback` in its place; on a child route the shell around it stays. Navigating
 * elsewhere shows the route again.
 */
export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children?: ReactNode }) {
  const location = useLocation();
  return (
    <Boundary fallback={fallback} locationKey={`${location.key}:${location.pathname}${location.search}`}>
      {children}
    </Boundary>
  );
}
