/** Lists the dotted keys of a translation file, for the test that it and en have the same keys. */
export function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flattenKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** The keys one language has and the other lacks, in both directions. */
export function diffKeys(it: unknown, en: unknown): { missingInEn: string[]; missingInIt: string[] } {
  const itKeys = new Set(flattenKeys(it));
  const enKeys = new Set(flattenKeys(en));
  return {
    missingInEn: [...itKeys].filter((key) => !enKeys.has(key)).sort(),
    missingInIt: [...enKeys].filter((key) => !itKeys.has(key)).sort(),
  };
}
