import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogues } from './catalogues.ts';

export default defineConfig({
  plugins: [react(), catalogues()],
  test: {
    name: 'web',
    root: 'apps/web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Rendering tests share the cores with the other files (one per core): 5 s is not enough
    // for a whole screen under jsdom on a busy two-core machine.
    testTimeout: 20_000,
  },
});
