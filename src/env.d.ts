// Build-time constants defined in vite.config.ts.
declare const __APP_VERSION__: string;
