import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The reply schemas load beside the app's start in the browser (lib/api-client.ts); here they are
// loaded before any test, so no screen's first reply waits for their transform.
import '../src/lib/replies.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
