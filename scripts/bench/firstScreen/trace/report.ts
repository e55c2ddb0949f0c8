// What the trace tool prints: each long task with its time by kind of work and the code with the most self time.
import { chunkName, moduleGroup, type Symbolizer } from './sourceMaps';
import type { Task } from './tasks';
import type { ProfileNode } from './traceEvents';

export function top(entries: Map<string, number>, count: number, total: number): string[] {
  return [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .filter(([, time]) => time >= 0.5)
    .map(([name, time]) => `${time.toFixed(0).padStart(6)} ms ${((100 * time) / Math.max(total, 1)).toFixed(0).padStart(3)}%  ${name}`);
}

export function report(tasks: Task[], symbolizer: Symbolizer, topCount: number): string {
  const lines: string[] = [];
  for (const task of tasks) {
    lines.push(`\n■ task at ${task.start.toFixed(0)} ms, ${task.duration.toFixed(0)} ms — ${task.trigger}`);
    lines.push(
      `  by kind: ${[...task.kinds]
        .filter(([, time]) => time >= 1)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, time]) => `${kind} ${time.toFixed(0)}`)
        .join(', ')}`,
    );
    for (const forced of task.forced.filter((entry) => entry.duration >= 1)) {
      const frames = forced.stack.slice(0, 3).map((frame) => {
        const place = symbolizer.locate(frame.url, frame.lineNumber, frame.columnNumber);
        return place ? `${place.name ?? (frame.functionName || '(anonymous)')} ${place.source}:${place.line}` : `${frame.functionName || '(anonymous)'} ${chunkName(frame.url)}:${frame.lineNumber}`;
      });
      lines.push(`  forced ${forced.name === 'Layout' ? 'layout' : 'style'} ${forced.duration.toFixed(0)} ms by: ${frames.join(' ← ')}`);
    }
    if (task.samples.length === 0) {
      continue;
    }
    // Each sample stands for the time to the next one.
    const selfByFrame = new Map<string, number>();
    const selfByModule = new Map<string, number>();
    const selfByChunk = new Map<string, number>();
    const inclusiveByFrame = new Map<string, number>();
    const nodeName = new Map<ProfileNode, { frame: string; module: string; chunk: string }>();
    const name = (node: ProfileNode) => {
      let known = nodeName.get(node);
      if (!known) {
        const { functionName, url, lineNumber, columnNumber } = node.callFrame;
        const place = url ? symbolizer.locate(url, lineNumber, columnNumber) : null;
        const fn = functionName || '(anonymous)';
        known = place
          ? { frame: `${place.name && place.name !== fn ? `${fn}→${place.name}` : fn} ${place.source}:${place.line}`, module: moduleGroup(place.source), chunk: chunkName(url) }
          : { frame: url ? `${fn} ${chunkName(url)}:${lineNumber}` : fn, module: url ? chunkName(url) : fn, chunk: url ? chunkName(url) : fn };
        nodeName.set(node, known);
      }
      return known;
    };
    const total = task.duration;
    const nodes = task.samples[0]?.node.nodes ?? new Map<number, ProfileNode>();
    task.samples.forEach((sample, index) => {
      const next = task.samples[index + 1];
      const time = next ? (next.ts - sample.ts) / 1000 : 0;
      const known = name(sample.node);
      // A native function (no script) is named after the nearest script function that called it.
      let frame = known.frame;
      if (!sample.node.callFrame.url) {
        let parent = sample.node.parent === undefined ? undefined : nodes.get(sample.node.parent);
        while (parent && !parent.callFrame.url) {
          parent = parent.parent === undefined ? undefined : nodes.get(parent.parent);
        }
        if (parent) {
          frame = `${frame} ← ${name(parent).frame}`;
        }
      }
      selfByFrame.set(frame, (selfByFrame.get(frame) ?? 0) + time);
      selfByModule.set(known.module, (selfByModule.get(known.module) ?? 0) + time);
      selfByChunk.set(known.chunk, (selfByChunk.get(known.chunk) ?? 0) + time);
      // Inclusive: every function of the console's own sources on the stack, once.
      const seen = new Set<string>();
      for (let node: ProfileNode | undefined = sample.node; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
        const own = name(node);
        if (/^src\//.test(own.module) && !seen.has(own.frame)) {
          seen.add(own.frame);
          inclusiveByFrame.set(own.frame, (inclusiveByFrame.get(own.frame) ?? 0) + time);
        }
      }
    });
    lines.push('  self time by chunk:');
    lines.push(...top(selfByChunk, 8, total).map((line) => `    ${line}`));
    lines.push('  self time by package / source file:');
    lines.push(...top(selfByModule, topCount, total).map((line) => `    ${line}`));
    lines.push('  self time by function:');
    lines.push(...top(selfByFrame, topCount, total).map((line) => `    ${line}`));
    lines.push('  total time (with callees) of the console\'s own functions:');
    lines.push(...top(inclusiveByFrame, topCount, total).map((line) => `    ${line}`));
  }
  return lines.join('\n');
}
