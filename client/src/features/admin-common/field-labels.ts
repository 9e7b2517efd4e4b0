const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The server names a field by its property ('The organizationId field is required.'); the form
 * knows its label. Every whole-word mention of the property (full path or last segment) becomes
 * the label, so no API name reaches the user.
 */
export function labelMessage(message: string, propertyName: string, label: string | undefined): string {
  if (!label || !propertyName) return message;
  const names = [...new Set([propertyName, propertyName.split('.').pop() ?? ''])].filter(Boolean).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<![A-Za-z0-9_.\\[\\]])(?:${names.map(escapeRegExp).join('|')})(?![A-Za-z0-9_])`, 'gi');
  return message.replace(pattern, label);
}
