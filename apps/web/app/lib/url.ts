/** A local path safe to redirect to (no protocol-relative or absolute URLs), else `/`. */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}
