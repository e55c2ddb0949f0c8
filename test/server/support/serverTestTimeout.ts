// A backend test talks to real servers over HTTP, and to PostgreSQL through its own processes: on a
// busy machine (the browser tests run beside these) jest's default of 5 s per test and hook was
// reached by waiting for the processor, not by a backend that hung. What takes longer on purpose
// still says so with its own timeout.
jest.setTimeout(15_000);
