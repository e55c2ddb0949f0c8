import { TextDecoder, TextEncoder } from 'node:util';

// jsdom leaves out the encoding API that react-router uses; Node's is the same standard.
Object.assign(globalThis, { TextEncoder, TextDecoder });
