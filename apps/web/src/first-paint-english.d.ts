/** build/first-paint-translations.ts: the English namespaces the public home's first paint needs. */
declare module 'virtual:first-paint-english' {
  const translations: Record<string, unknown>;
  export default translations;
}
