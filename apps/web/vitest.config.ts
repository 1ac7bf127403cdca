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
  },
});
