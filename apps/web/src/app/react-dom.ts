/**
 * React's renderer, the largest module of the start: main.tsx loads and runs it in a task of its
 * own before the rest of the start chunk, so that the two do not make one long task on a slow
 * phone (bench/web: Lighthouse's Total Blocking Time about 58 ms instead of about 98 ms, for one
 * more request before the start chunk's).
 */
export { createRoot } from 'react-dom/client';
