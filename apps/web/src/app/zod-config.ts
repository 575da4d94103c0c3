import { z } from 'zod';

// The page's Content-Security-Policy allows no eval: zod's compiled parsers would probe `new Function` and the
// browser would log a CSP violation for the probe, caught or not. Imported first, before any schema parses.
z.config({ jitless: true });
