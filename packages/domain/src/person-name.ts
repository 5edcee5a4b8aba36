// How people are named on screen when the server may not know their full name.

function words(fullName: string | null | undefined): string[] {
  return (fullName ?? '').trim().split(/\s+/).filter(Boolean);
}

function emailLocalPart(email: string | null | undefined): string {
  const value = (email ?? '').trim();
  const at = value.indexOf('@');
  return at === -1 ? value : value.slice(0, at);
}

// Array.from keeps a letter outside the Basic Multilingual Plane whole.
function firstLetter(word: string): string {
  return (Array.from(word)[0] ?? '').toUpperCase();
}

export function initials(fullName?: string | null, email?: string | null): string {
  const nameWords = words(fullName);
  if (nameWords.length > 0) return nameWords.slice(0, 2).map(firstLetter).join('');
  return firstLetter((email ?? '').trim());
}

export function displayName(fullName?: string | null, email?: string | null): string {
  const name = (fullName ?? '').trim();
  return name || emailLocalPart(email);
}

export function firstName(fullName?: string | null, email?: string | null): string {
  return words(fullName)[0] ?? emailLocalPart(email);
}
