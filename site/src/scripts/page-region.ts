/**
 * Fetches a page of this site as the server renders it and returns one region of it (and the page's
 * title), so a script can update part of the current page in place while the address stays the state.
 */
export async function fetchRegion(
  url: string,
  selector: string,
  signal?: AbortSignal,
): Promise<{ region: HTMLElement; title: string }> {
  const res = await fetch(url, { signal, headers: { accept: 'text/html' } });
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const region = doc.querySelector<HTMLElement>(selector);
  if (!region) throw new Error(`no ${selector} in ${url}`);
  return { region, title: doc.title };
}
