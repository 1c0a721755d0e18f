/** The write bodies' keys, read from the contract's schemas at build time (build/body-keys.ts). */
declare module 'virtual:lead-body-keys' {
  const bodies: Record<string, Array<[key: string, freeText: boolean]>>;
  export default bodies;
}
