import type { Property } from '@fie/domain';

export interface ResponsiveImage {
  src: string;
  srcset?: string;
  width: number;
  height: number;
  alt: string;
}

type Media = NonNullable<Property['media']>[number];

/** The image with every size Strapi made of it, for srcset (smallest first). */
export function responsiveImage(
  media: Media | undefined,
  fallbackUrl: string | undefined,
  alt: string,
): ResponsiveImage | null {
  const url = media?.url ?? fallbackUrl;
  if (!url) return null;
  const width = media?.width ?? 1200;
  const height = media?.height ?? 800;
  const sizes = new Map<number, string>();
  for (const f of Object.values(media?.formats ?? {})) {
    if (f.width && f.width >= 320) sizes.set(f.width, f.url);
  }
  sizes.set(width, url);
  const srcset = [...sizes.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([w, u]) => `${u} ${w}w`)
    .join(', ');
  const smallest = [...sizes.entries()].sort((a, b) => a[0] - b[0])[0]?.[1] ?? url;
  return {
    src: sizes.size > 1 ? smallest : url,
    srcset: sizes.size > 1 ? srcset : undefined,
    width,
    height,
    alt: media?.alt || alt,
  };
}

export function propertyImages(p: Property): ResponsiveImage[] {
  const title = `${p.propertyType} in ${p.location}`;
  return p.images
    .map((url, i) =>
      responsiveImage(p.media?.find((m) => m.url === url) ?? p.media?.[i], url, `${title}, photo ${i + 1}`),
    )
    .filter((x): x is ResponsiveImage => x !== null);
}
