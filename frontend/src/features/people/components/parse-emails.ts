/** Addresses typed or pasted into the invite dialog: separated by commas, semicolons, spaces or
 * new lines; "Name <address>" keeps the address; trimmed, lower-cased, repeats dropped (as the
 * server normalises them). */
export function parseEmails(text: string): string[] {
  const found = text
    .replace(/[^<>,;\n]*<([^<>]*)>/g, " $1 ")
    .split(/[\s,;]+/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(found)];
}

/** The server's rule in spirit (Django's validate_email): one @, a dotted domain, no spaces. */
const EMAIL = /^[^\s@<>()[\],;:"]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}
