declare module 'virtual:i18n-chunks' {
  /** `<area>.<lang>` → address of its browser chunk (scripts/vite-i18n-chunks.ts). */
  const chunks: Record<string, string>;
  export default chunks;
}
