// What the benches' own command lines share.

/** The value after `name` on the command line, if it is there. */
export function option(name: string, args: readonly string[] = process.argv): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Runs a bench's `main`: a failure is printed and ends the process with 1; with `exitWhenDone`, success ends it with 0 (children and sockets left open cannot keep it alive). */
export function runCli(main: () => Promise<void>, { exitWhenDone = false } = {}): void {
  main().then(
    () => {
      if (exitWhenDone) process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
