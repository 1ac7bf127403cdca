import { config } from 'zod';

// zod compiles its parsers with `new Function` where it may, deciding as each schema is built;
// the page's Content Security Policy forbids eval, so it is told not to try (no refused eval is
// reported). Imported before any schema is built.
config({ jitless: true });
