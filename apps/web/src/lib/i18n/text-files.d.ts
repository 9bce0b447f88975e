// The loaders of every language's parts of the texts (text-parts.ts), written by the build (apps/web/locale-parts.ts):
// language → part → its module.
declare module 'virtual:text-files' {
  const files: Record<string, Record<string, () => Promise<{ default: Record<string, unknown> }>>>;
  export default files;
}
