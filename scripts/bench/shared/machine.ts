import os from 'node:os';

/** This machine as the bench sections name it: processors, memory and Node. */
export function machineDescription(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
