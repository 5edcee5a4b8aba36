import { CITIES, LEASE_TYPES, PROPERTY_TYPES } from '@fie/domain';

export interface SiteMapSection {
  title: string;
  links: { label: string; href: string }[];
}

/** The public pages, grouped as the human sitemap shows them (sitemap.xml lists the same paths). */
export function siteMapSections(): SiteMapSection[] {
  return [
    {
      title: 'Main pages',
      links: [
        { label: 'Home', href: '/' },
        { label: 'All properties', href: '/properties' },
        { label: 'About Us', href: '/about-us' },
        { label: 'Our Services', href: '/services' },
        { label: 'Contact Us', href: '/contact-us' },
      ],
    },
    {
      title: 'Properties by city',
      links: CITIES.map((c) => ({ label: `Properties in ${c.name}`, href: `/properties/${c.slug}` })),
    },
    {
      title: 'City guides',
      links: CITIES.map((c) => ({ label: `Property in ${c.name}`, href: `/locations/${c.slug}` })),
    },
    {
      title: 'Properties by type',
      links: PROPERTY_TYPES.flatMap((t) =>
        LEASE_TYPES.map((l) => ({
          label: `${t} for ${l}`,
          href: `/properties?propertyType=${t}&leaseType=${l}`,
        })),
      ),
    },
    {
      title: 'Your account',
      links: [
        { label: 'Login', href: '/login' },
        { label: 'Register', href: '/register' },
        { label: 'Dashboard', href: '/dashboard' },
      ],
    },
    {
      title: 'Legal',
      links: [
        { label: 'Terms of Service', href: '/terms' },
        { label: 'Privacy Policy', href: '/privacy' },
      ],
    },
  ];
}

/** Paths for sitemap.xml: the indexable pages only (no account screens, no filtered variants). */
export function indexablePaths(): string[] {
  return [
    '/',
    '/properties',
    '/about-us',
    '/services',
    '/contact-us',
    '/terms',
    '/privacy',
    '/sitemap',
    ...CITIES.flatMap((c) => [`/properties/${c.slug}`, `/locations/${c.slug}`]),
  ];
}
