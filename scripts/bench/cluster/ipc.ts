// The cluster bench's child processes (event-stream clients, the writer, the fan-out floor) are
// driven over IPC: each question has one answer of a known type.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { cpuProfileArguments } from '../../../test/server/support/backendProcesses';

/** A child running `file` of this folder with tsx, its output on ours. */
export function forkChild(file: string): ChildProcess {
  return fork(path.join(__dirname, file), [], {
    execArgv: [...cpuProfileArguments(file.replace(/\.ts$/, '')), '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The next message of `child` whose `type` is `type`; fails after `timeoutMs` or when the child ends first. */
export function nextMessage<M extends { type: string }, T extends M['type']>(
  child: ChildProcess,
  type: T,
  timeoutMs: number,
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', listener);
      child.off('exit', exited);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${type}: no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const listener = (message: M) => {
      if (message?.type !== type) return;
      done();
      resolve(message as Extract<M, { type: T }>);
    };
    const exited = (code: number | null) => {
      done();
      reject(new Error(`${type}: the child ended (${code}) before answering`));
    };
    child.on('message', listener);
    child.once('exit', exited);
  });
}

/** Sends `message` and waits for the answer of type `answer`. */
export function ask<M extends { type: string }, T extends M['type']>(child: ChildProcess, message: unknown, answer: T, timeoutMs: number): Promise<Extract<M, { type: T }>> {
  const reply = nextMessage<M, T>(child, answer, timeoutMs);
  child.send(message as object);
  return reply;
}

/** Ends the children that still run (SIGKILL: they hold nothing worth a clean end). */
export function killChildren(children: readonly ChildProcess[]): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
