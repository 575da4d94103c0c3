export * from './auth.js';
export * from './errors.js';
export * from './languages.js';
export * from './translation-keys.js';
