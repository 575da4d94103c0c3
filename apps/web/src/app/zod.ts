import { z } from 'zod/v4';

// The page's Content-Security-Policy allows no eval: zod's compiled parsers would probe `new Function` and the
// browser would log a CSP violation for the probe, caught or not. The build hands this module to every import
// of 'zod' (vite.config.ts), so zod is set up wherever it is first loaded, and only pages with schemas load it.
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
