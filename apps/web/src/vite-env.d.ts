/// <reference types="vite/client" />

/** The web package version, injected by Vite (`define`); compared with the stored `version` key. */
declare const __APP_VERSION__: string;
