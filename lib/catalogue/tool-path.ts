/** The tool page's address; names may hold any character, so the segment is encoded. */
export function toolPath(name: string): string {
  return `/tools/${encodeURIComponent(name)}`;
}

/**
 * The names a `/tools/[name]` segment may stand for: Next decodes most params already, but
 * not every character in every version, so the decoded value (what `toolPath` encoded) comes
 * first and the raw one second (a name that itself holds "%20", already decoded by Next).
 */
export function toolNamesFromParam(param: string): string[] {
  try {
    const decoded = decodeURIComponent(param);
    return decoded === param ? [param] : [decoded, param];
  } catch {
    // A lone "%" cannot be decoded: the param is already the name.
    return [param];
  }
}
