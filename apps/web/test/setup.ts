import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
// The reply schemas load beside the app's start in the browser (lib/api-client.ts); here they are
// loaded before any test, so no screen's first reply waits for their transform.
import '../src/lib/replies.ts';
import { server } from './harness.tsx';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
