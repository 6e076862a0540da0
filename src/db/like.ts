/** `%`, `_` and `\` typed by staff are looked for as themselves in LIKE and ILIKE patterns. */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of text found anywhere in a value. */
export function containing(text: string): string {
  return `%${likeEscaped(text)}%`;
}
