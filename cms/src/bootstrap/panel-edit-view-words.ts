/**
 * The words marketing staff see in the admin panel's edit views: one entry per content type and
 * component they edit. Each field has a label, a help text saying what it is and where the site
 * shows it, and sometimes a placeholder. `rows` is the edit view's order, most important first;
 * fields in one row share its width.
 */
export interface FieldWords {
  label: string;
  description: string;
  placeholder?: string;
}

export interface EditViewWords {
  /** The field that names an entry in lists and relation pickers. */
  mainField?: string;
  /** Columns of the list view, in order. */
  listColumns?: string[];
  sortBy?: { field: string; order: 'ASC' | 'DESC' };
  rows: string[][];
  fields: Record<string, FieldWords>;
}

/** List-view labels of the fields Strapi adds to every type. */
export const COMMON_LIST_LABELS: Record<string, string> = {
  id: 'ID',
  documentId: 'Document ID',
  createdAt: 'Created',
  updatedAt: 'Last changed',
  publishedAt: 'Published',
  createdBy: 'Created by',
  updatedBy: 'Last changed by',
};

export const CONTENT_TYPE_EDIT_VIEWS: Record<string, EditViewWords> = {
  'api::home-page.home-page': {
    rows: [
      ['heroTitle'],
      ['heroSubtitle'],
      ['popularSearches'],
      ['heroImage'],
      ['citiesTitle', 'citiesSubtitle'],
      ['featuredTitle', 'featuredSubtitle'],
      ['whyChooseUsTitle'],
      ['whyChooseUs'],
      ['statistics'],
      ['testimonialsTitle', 'howItWorksTitle'],
      ['howItWorks'],
      ['partnersTitle', 'faqTitle'],
      ['faqs'],
    ],
    fields: {
      heroTitle: {
        label: 'Hero title',
        description: 'Hero title — the large heading at the top of the home page, over the search box.',
        placeholder: 'Find your next home in Ghana',
      },
      heroSubtitle: {
        label: 'Hero subtitle',
        description: 'The sentence under the hero title, at the top of the home page.',
      },
      heroImage: {
        label: 'Hero image',
        description:
          'A picture for the top of the home page. Kept for a future design: the current home page does not show it.',
      },
      popularSearches: {
        label: 'Popular searches',
        description:
          'Quick links under the search box at the top of the home page (e.g. "Apartments in Accra" → /properties/accra).',
      },
      citiesTitle: {
        label: 'Cities heading',
        description: 'Heading of the "explore by city" section of the home page. Empty: "Explore by city".',
      },
      citiesSubtitle: {
        label: 'Cities introduction',
        description: 'The line under the cities heading on the home page.',
      },
      featuredTitle: {
        label: 'Featured listings heading',
        description: 'Heading of the newest-listings section of the home page.',
      },
      featuredSubtitle: {
        label: 'Featured listings introduction',
        description: 'The line under the featured listings heading on the home page.',
      },
      whyChooseUsTitle: {
        label: '"Why choose us" heading',
        description:
          'Heading of the "why choose us" section of the home page. Empty: "Why choose" and the brand name.',
      },
      whyChooseUs: {
        label: '"Why choose us" points',
        description:
          'The reasons shown as cards with an icon in the "why choose us" section of the home page.',
      },
      testimonialsTitle: {
        label: 'Testimonials heading',
        description:
          'Heading above the client quotes on the home page (the quotes themselves are under Testimonials).',
      },
      howItWorksTitle: {
        label: '"How it works" heading',
        description: 'Heading of the numbered steps on the home page. Empty: "How it works".',
      },
      howItWorks: {
        label: '"How it works" steps',
        description:
          'The numbered steps on the home page, in order. The section is hidden when there are none.',
      },
      statistics: {
        label: 'Figures',
        description:
          'The figures band of the home page (e.g. properties listed); live figures are counted by the site.',
      },
      partnersTitle: {
        label: 'Partners heading',
        description:
          'Heading above the partner logos on the home page (the logos are under Partners). Empty: "Our partners".',
      },
      faqTitle: {
        label: 'Questions heading',
        description: 'Heading of the frequently asked questions at the foot of the home page.',
      },
      faqs: {
        label: 'Frequently asked questions',
        description: 'Questions and answers at the foot of the home page; each opens when clicked.',
      },
    },
  },

  'api::site-setting.site-setting': {
    rows: [
      ['brandName', 'tagline'],
      ['logo'],
      ['customerCarePhone', 'whatsAppNumber'],
      ['supportEmail'],
      ['officeAddress'],
      ['officeHours'],
      ['socialLinks'],
      ['footerAbout', 'defaultSeoDescription'],
      ['mapLatitude', 'mapLongitude', 'usdToGhsRate'],
    ],
    fields: {
      brandName: {
        label: 'Brand name',
        description: 'The company name in the top bar, page titles, the footer and e-mails.',
        placeholder: 'Fie Homes',
      },
      tagline: {
        label: 'Tagline',
        description:
          'A short slogan for the brand. Kept for a future design: the current site does not show it.',
      },
      logo: {
        label: 'Logo',
        description:
          'The small square logo in the top bar of every page (a square image of at least 64 × 64 px).',
      },
      customerCarePhone: {
        label: 'Customer care phone',
        description: 'Phone number shown in the footer, on the contact page and to search engines.',
        placeholder: '+233 30 000 0000',
      },
      whatsAppNumber: {
        label: 'WhatsApp number',
        description: 'Number of the "Chat on WhatsApp" button on each property page. Empty: no button.',
        placeholder: '+233 20 000 0000',
      },
      supportEmail: {
        label: 'Support e-mail',
        description: 'Address visitors write to, shown in the footer and on the contact page.',
        placeholder: 'support@example.com',
      },
      officeAddress: {
        label: 'Office address',
        description: 'Street address shown in the footer and on the contact page.',
      },
      officeHours: {
        label: 'Office hours',
        description: 'Opening hours on the contact page, one line per group of days.',
      },
      socialLinks: {
        label: 'Social media links',
        description: 'Icons linking to the company profiles, in the footer and on the contact page.',
      },
      footerAbout: {
        label: 'Footer text',
        description: 'The short paragraph about the company in the footer of every page.',
      },
      defaultSeoDescription: {
        label: 'Search engine description',
        description:
          'Summary search engines and shared links show for the home page and any page without one of its own (about 150 characters).',
      },
      mapLatitude: {
        label: 'Map latitude',
        description: 'Latitude of the office on the contact page map (Accra is about 5.6).',
      },
      mapLongitude: {
        label: 'Map longitude',
        description: 'Longitude of the office on the contact page map (Accra is about -0.19).',
      },
      usdToGhsRate: {
        label: 'GH₵ per US dollar',
        description:
          'Reference rate to show and compare prices given in US dollars in cedis across the site.',
      },
    },
  },

  'api::about-page.about-page': {
    rows: [
      ['title'],
      ['intro'],
      ['companyInformation'],
      ['mission', 'vision'],
      ['services'],
      ['values'],
      ['team'],
      ['statistics'],
    ],
    fields: {
      title: {
        label: 'Page title',
        description: 'The heading at the top of the About us page and its browser tab title.',
        placeholder: 'About us',
      },
      intro: {
        label: 'Introduction',
        description: 'The line under the heading of the About us page; search engines show it too.',
      },
      companyInformation: {
        label: 'Who we are',
        description: 'The main text of the About us page (headings, lists and links allowed).',
      },
      mission: { label: 'Mission', description: 'The "Our mission" box of the About us page.' },
      vision: { label: 'Vision', description: 'The "Our vision" box of the About us page.' },
      services: { label: 'Services', description: 'Cards in the "What we do" section of the About us page.' },
      values: { label: 'Values', description: 'Cards in the "Our values" section of the About us page.' },
      team: {
        label: 'Team',
        description: 'People shown with photo, role and short bio on the About us page.',
      },
      statistics: {
        label: 'Figures',
        description: 'The figures band of the About us page; live figures are counted by the site.',
      },
    },
  },

  'api::legal-page.legal-page': {
    mainField: 'title',
    listColumns: ['title', 'slug', 'lastUpdated', 'updatedAt'],
    rows: [['title', 'slug'], ['summary'], ['body'], ['lastUpdated']],
    fields: {
      title: {
        label: 'Title',
        description: 'The heading of the terms or privacy page and its browser tab title.',
        placeholder: 'Terms of use',
      },
      slug: {
        label: 'Address',
        description: 'Which page this is: "terms" shows at /terms, "privacy" at /privacy. Do not change it.',
      },
      summary: {
        label: 'Summary',
        description: 'The short paragraph under the title; search engines show it too.',
      },
      body: {
        label: 'Text',
        description:
          'The full text of the page (headings, lists and links allowed). Write {{noShowRule}} where the missed-viewings rule belongs: the site puts in the numbers from the system settings.',
      },
      lastUpdated: {
        label: 'Last updated',
        description: 'Date shown as "Last updated" under the title. Change it when the terms change.',
      },
    },
  },

  'api::testimonial.testimonial': {
    mainField: 'name',
    listColumns: ['name', 'role', 'rating', 'sortOrder'],
    sortBy: { field: 'sortOrder', order: 'ASC' },
    rows: [['name', 'role'], ['quote'], ['rating', 'sortOrder'], ['photo']],
    fields: {
      name: {
        label: 'Client name',
        description: 'Who said it, shown under the quote in the home page carousel.',
        placeholder: 'Ama Mensah',
      },
      role: {
        label: 'Client description',
        description: 'Shown under the name, e.g. "Tenant, East Legon".',
        placeholder: 'Tenant, East Legon',
      },
      quote: {
        label: 'Quote',
        description: "The client's words in the home page carousel (up to 600 characters).",
      },
      rating: { label: 'Stars', description: 'Stars shown above the quote, 1 to 5.' },
      sortOrder: { label: 'Position', description: 'Order in the carousel: lower numbers come first.' },
      photo: {
        label: 'Photo',
        description: 'A portrait of the client. Kept for a future design: the carousel does not show it yet.',
      },
    },
  },

  'api::partner.partner': {
    mainField: 'name',
    listColumns: ['name', 'website', 'sortOrder', 'logo'],
    sortBy: { field: 'sortOrder', order: 'ASC' },
    rows: [
      ['name', 'website'],
      ['logo', 'sortOrder'],
    ],
    fields: {
      name: {
        label: 'Company name',
        description:
          'Shown in the partners band of the home page when there is no logo, and read out for the logo.',
      },
      website: {
        label: 'Website',
        description: "The partner's web address, for our records: the site does not link to it.",
        placeholder: 'https://example.com',
      },
      logo: {
        label: 'Logo',
        description:
          'The logo in the partners band of the home page (shown 40 px high; a wide PNG or SVG works best).',
      },
      sortOrder: { label: 'Position', description: 'Order in the partners band: lower numbers come first.' },
    },
  },

  'api::city.city': {
    mainField: 'name',
    listColumns: ['name', 'region', 'featured', 'sortOrder'],
    sortBy: { field: 'sortOrder', order: 'ASC' },
    rows: [['name', 'region'], ['slug'], ['featured', 'sortOrder'], ['intro'], ['image'], ['properties']],
    fields: {
      name: {
        label: 'City name',
        description: "Shown on the home page's city tiles, the city's page (/locations/…) and in search.",
        placeholder: 'Accra',
      },
      region: {
        label: 'Region',
        description: 'Shown after the city name as "… Region", e.g. Greater Accra.',
        placeholder: 'Greater Accra',
      },
      slug: {
        label: 'Address',
        description:
          "The city's part of the web address (/properties/accra). Changing it breaks links people saved.",
      },
      featured: {
        label: 'Featured on the home page',
        description: "On: a large tile in the home page's cities section; off: a small link under them.",
      },
      sortOrder: {
        label: 'Position',
        description: 'Order of the cities on the home page: lower numbers come first.',
      },
      intro: {
        label: 'Introduction',
        description:
          'A few sentences about the city. Kept for a future design: the city page does not show it yet.',
      },
      image: {
        label: 'Picture',
        description: 'A picture of the city. Kept for a future design: the site does not show it yet.',
      },
      properties: {
        label: 'Properties in this city',
        description: "Listings in this city, managed by staff in the site's back-office.",
      },
    },
  },

  'api::subscriber.subscriber': {
    mainField: 'email',
    listColumns: ['email', 'source', 'createdAt'],
    sortBy: { field: 'createdAt', order: 'DESC' },
    rows: [['email', 'source']],
    fields: {
      email: {
        label: 'E-mail address',
        description:
          'An address given in the newsletter box in the site footer. Delete the entry when its owner asks.',
      },
      source: { label: 'Signed up on', description: 'The page of the site where the address was given.' },
    },
  },
};

export const COMPONENT_EDIT_VIEWS: Record<string, EditViewWords> = {
  'shared.link': {
    mainField: 'label',
    rows: [['label', 'url']],
    fields: {
      label: { label: 'Text', description: 'The words of the link.', placeholder: 'Apartments in Accra' },
      url: {
        label: 'Link to',
        description: 'A page of the site (starting with /) or a full web address.',
        placeholder: '/properties/accra',
      },
    },
  },
  'shared.feature': {
    mainField: 'title',
    rows: [['title', 'icon'], ['description']],
    fields: {
      title: { label: 'Title', description: 'The bold heading of the card.' },
      description: { label: 'Text', description: 'The paragraph under the title.' },
      icon: { label: 'Icon', description: 'The small picture above the title.' },
    },
  },
  'shared.step': {
    mainField: 'title',
    rows: [['title'], ['description']],
    fields: {
      title: {
        label: 'Step title',
        description: 'The bold heading of the step; steps are numbered in the order given.',
      },
      description: { label: 'Text', description: 'The paragraph under the step title.' },
    },
  },
  'shared.statistic': {
    mainField: 'label',
    rows: [['label'], ['metric', 'customValue']],
    fields: {
      label: { label: 'Caption', description: 'The words under the figure, e.g. "Properties listed".' },
      metric: {
        label: 'Figure',
        description: 'A live count from the catalogue, or "custom" to show the value typed beside.',
      },
      customValue: {
        label: 'Custom value',
        description: 'Shown only when the figure is "custom", e.g. "10+" or "98%".',
        placeholder: '10+',
      },
    },
  },
  'shared.faq': {
    mainField: 'question',
    rows: [['question'], ['answer']],
    fields: {
      question: { label: 'Question', description: 'Shown in bold; visitors click it to open the answer.' },
      answer: {
        label: 'Answer',
        description:
          'Shown when the question is opened (simple formatting such as **bold** and links allowed).',
      },
    },
  },
  'shared.office-hours': {
    mainField: 'days',
    rows: [['days', 'hours']],
    fields: {
      days: { label: 'Days', description: 'The days these hours apply to.', placeholder: 'Monday – Friday' },
      hours: {
        label: 'Hours',
        description: 'Opening hours on those days, or "Closed".',
        placeholder: '8:00 – 17:00',
      },
    },
  },
  'shared.social-link': {
    mainField: 'url',
    rows: [['platform', 'url']],
    fields: {
      platform: { label: 'Platform', description: 'Which network; it chooses the icon shown.' },
      url: {
        label: 'Profile address',
        description: 'The full address of the company profile.',
        placeholder: 'https://www.facebook.com/…',
      },
    },
  },
  'shared.team-member': {
    mainField: 'name',
    rows: [['name', 'role'], ['bio'], ['photo']],
    fields: {
      name: { label: 'Name', description: "The person's name on the About us page." },
      role: { label: 'Job title', description: 'Shown under the name, e.g. "Head of lettings".' },
      bio: { label: 'Short bio', description: 'A sentence or two under the job title.' },
      photo: {
        label: 'Photo',
        description: 'A portrait, shown as a small circle (a square image works best).',
      },
    },
  },
};
