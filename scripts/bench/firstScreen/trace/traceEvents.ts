// The events of a Chromium performance trace, as far as the trace tool reads them.

/** The prefix of the mark the page sets when its first screen is there (`watchFirstScreen`'s `mark`). */
export const ROWS_MARK = 'first-rows@';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: TraceData; fileName?: string; beginData?: { stackTrace?: StackFrame[] } };
}

/** A frame of a script stack in a trace event (0-based line and column). */
export interface StackFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** The fields of trace events' data read here. */
export interface TraceData {
  message?: string;
  url?: string;
  requestId?: string;
  requestMethod?: string;
  finishTime?: number;
  functionName?: string;
  lineNumber?: number;
  timerId?: number;
  type?: string;
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

export interface ProfileNode {
  id: number;
  parent?: number;
  /** The profile's nodes by id (to walk up the stack). */
  nodes?: Map<number, ProfileNode>;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
