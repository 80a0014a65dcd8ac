/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** AES-128 key (16 UTF-8 characters) for the `sign` header; the server's value is passed at build time. */
  readonly VITE_SIGN_KEY?: string;
  /** AES-CBC IV (16 UTF-8 characters) for the `sign` header. */
  readonly VITE_SIGN_IV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
