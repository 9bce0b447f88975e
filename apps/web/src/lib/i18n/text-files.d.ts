// The loaders of every language's parts of the texts (text-parts.ts), written by the build (apps/web/locale-parts.ts):
// language → its module, which holds the shell part and the loaders of the others.
declare module 'virtual:text-files' {
  type Texts = Record<string, unknown>;
  export interface LanguageTexts {
    shell: Texts;
    parts: Record<string, () => Promise<{ default: Texts }>>;
  }
  const files: Record<string, () => Promise<LanguageTexts>>;
  export default files;
}
