/** Where the loading of a list stands. */
export type LoadState = 'idle' | 'loading' | 'ready' | 'error';
