export * from './accounts.js';
export * from './admin.js';
export * from './auth.js';
export * from './billing.js';
export * from './catalog.js';
export * from './errors.js';
export * from './languages.js';
export * from './translation-keys.js';
