import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
// The reply schemas load beside the app's start in the browser (lib/api-client.ts); here they are
// loaded before any test, so no screen's first reply waits for their transform.
import '../src/lib/schemas.ts';
import { moreTexts, startI18n } from '../src/lib/i18n.tsx';
import { server } from './harness.tsx';

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The app speaks English in the screen tests unless a test switches language.
  await startI18n('en');
  await moreTexts();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
