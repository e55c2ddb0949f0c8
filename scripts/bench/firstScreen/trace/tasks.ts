// The main thread's tasks before the first screen: what started each, and its time by kind of work.
import type { MainThread, Sample } from './mainThread';
import { chunkName } from './sourceMaps';
import type { StackFrame, TraceData, TraceEvent } from './traceEvents';

export interface Task {
  start: number;
  duration: number;
  trigger: string;
  kinds: Map<string, number>;
  samples: Sample[];
  /** Style recalculations and layouts a script forced in the task: their time and the script's stack. */
  forced: { name: string; duration: number; stack: StackFrame[] }[];
}

/** The event names counted as one kind of work (self time of the timeline events inside a task). */
export function kindOf(event: TraceEvent): string {
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
    case 'FunctionCall':
    case 'v8.callFunction':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'RunMicrotasks':
    case 'EventDispatch':
    case 'XHRReadyStateChange':
    case 'V8.Execute':
      return 'script';
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
    case 'v8.parseOnBackground':
    case 'V8.CompileLazy':
      return 'compile';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GCScavenger':
    case 'V8.GC_MC_BACKGROUND_MARKING':
    case 'BlinkGC.AtomicPhase':
    case 'ThreadState::performIdleLazySweep':
    case 'V8.GCIncrementalMarking':
    case 'V8.GCFinalizeMC':
    case 'V8.GCCompactor':
      return 'gc';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
    case 'ParseAuthorStyleSheet':
    case 'ScheduleStyleRecalculation':
      return 'style';
    case 'Layout':
    case 'UpdateLayer':
    case 'UpdateLayerTree':
    case 'PrePaint':
    case 'Layerize':
      return 'layout';
    case 'Paint':
    case 'PaintImage':
    case 'CompositeLayers':
    case 'Commit':
      return 'paint';
    case 'ParseHTML':
      return 'html';
    case 'RunTask':
      return 'other';
    default:
      return `other:${event.name}`;
  }
}

export function describeTrigger(event: TraceEvent): string {
  const data: TraceData = event.args?.data ?? {};
  switch (event.name) {
    case 'EvaluateScript':
      return `evaluate ${chunkName(data.url ?? '')}`;
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `module ${chunkName(data.url ?? event.args?.fileName ?? '')}`;
    case 'FunctionCall':
      return `call ${data.functionName || '(anonymous)'} ${chunkName(data.url ?? '')}:${data.lineNumber ?? ''}`;
    case 'TimerFire':
      return `timer ${data.timerId ?? ''}`;
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'EventDispatch':
      return `event ${data.type ?? ''}`;
    case 'XHRReadyStateChange':
      return `xhr ${data.url ?? ''}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'RunMicrotasks':
      return 'microtasks';
    default:
      return event.name;
  }
}

export function tasksOf(thread: MainThread, minMs: number): Task[] {
  const tasks: Task[] = [];
  const { events } = thread;
  for (let index = 0; index < events.length; index++) {
    const task = events[index];
    if (!task || task.name !== 'RunTask' || (task.dur ?? 0) < minMs * 1000 || task.ts > thread.rowsTs || task.ts < thread.origin - 1000) {
      continue;
    }
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && event.name !== 'RunTask');
    // Self time per kind: each event's duration less its direct children's.
    const kinds = new Map<string, number>();
    const stack: TraceEvent[] = [];
    const self = new Map<TraceEvent, number>();
    for (const event of inside) {
      while (stack.length > 0 && (stack[stack.length - 1]?.ts ?? 0) + (stack[stack.length - 1]?.dur ?? 0) <= event.ts) {
        stack.pop();
      }
      const parent = stack[stack.length - 1];
      self.set(event, event.dur ?? 0);
      if (parent) {
        self.set(parent, (self.get(parent) ?? 0) - (event.dur ?? 0));
      }
      stack.push(event);
    }
    let covered = 0;
    for (const [event, time] of self) {
      const kind = kindOf(event);
      kinds.set(kind, (kinds.get(kind) ?? 0) + time / 1000);
      covered += time;
    }
    kinds.set('(task itself)', ((task.dur ?? 0) - covered) / 1000);
    const first = inside.find((event) => !kindOf(event).startsWith('other')) ?? inside[0];
    tasks.push({
      start: (task.ts - thread.origin) / 1000,
      duration: (task.dur ?? 0) / 1000,
      trigger: first ? describeTrigger(first) : '(nothing traced)',
      kinds,
      samples: thread.samples.filter((sample) => sample.ts >= task.ts && sample.ts < end),
      forced: inside
        .filter((event) => (event.name === 'Layout' || event.name === 'UpdateLayoutTree') && (event.args?.beginData?.stackTrace?.length ?? 0) > 0)
        .map((event) => ({ name: event.name, duration: (event.dur ?? 0) / 1000, stack: event.args?.beginData?.stackTrace ?? [] })),
    });
  }
  return tasks;
}
