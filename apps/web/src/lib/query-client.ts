import { QueryClient } from '@tanstack/react-query';

/** The app's query cache: one retry of a failed read (none in tests), no refetch on focus. */
export const createQueryClient = ({ retry = 1 }: { retry?: number } = {}) =>
  new QueryClient({ defaultOptions: { queries: { retry, refetchOnWindowFocus: false } } });
