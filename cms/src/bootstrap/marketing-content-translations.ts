// The first-run marketing copy in French and Spanish, written for readers in Accra (the embassies,
// the international organisations, francophone and hispanophone West African and Latin American
// tenants). Only the localized fields are here; the rest (links, icons, metrics, contacts) is shared
// with the English version. Marketing staff edit every language in the admin panel afterwards.
import type { Modules } from '@strapi/strapi';

/** The localized fields of a marketing type, per translated language. */
type Texts<T extends Parameters<Modules.Documents.Service>[0]> = Record<
  'fr' | 'es',
  Partial<Modules.Documents.Params.Data.Input<T>>
>;

export const SITE_SETTINGS_TEXTS: Texts<'api::site-setting.site-setting'> = {
  fr: {
    tagline:
      'Maisons, terrains et bureaux partout au Ghana, avec des prix honnêtes et des visites qui ont lieu.',
    officeHours: [
      { days: 'Lun-Ven', hours: '9h00-18h00' },
      { days: 'Sam', hours: '10h00-16h00' },
      { days: 'Dim', hours: 'Fermé' },
    ],
    footerAbout:
      '« Fie » veut dire « maison » en twi. Nous aidons chacun, au Ghana, à louer, acheter et vendre maisons, terrains et bureaux.',
    defaultSeoDescription:
      'Maisons, terrains et bureaux à louer ou à vendre partout au Ghana, prix en GH₵ et visites à réserver en ligne.',
  },
  es: {
    tagline: 'Casas, terrenos y oficinas en todo Ghana, con precios honestos y visitas que se cumplen.',
    officeHours: [
      { days: 'Lun-Vie', hours: '9:00-18:00' },
      { days: 'Sáb', hours: '10:00-16:00' },
      { days: 'Dom', hours: 'Cerrado' },
    ],
    footerAbout:
      '«Fie» significa «hogar» en twi. Ayudamos a la gente en Ghana a alquilar, comprar y vender casas, terrenos y oficinas.',
    defaultSeoDescription:
      'Casas, terrenos y oficinas en alquiler o venta en todo Ghana, con precios en GH₵ y visitas que se reservan en línea.',
  },
};

export const HOME_PAGE_TEXTS: Texts<'api::home-page.home-page'> = {
  fr: {
    heroTitle: 'Trouvez votre prochain logement au Ghana',
    heroSubtitle:
      'Appartements, maisons, terrains et bureaux à Accra, Kumasi, Takoradi, Tamale et ailleurs, avec des prix honnêtes en GH₵.',
    popularSearches: [
      { label: 'Maison', url: '/properties?search=House' },
      { label: 'Appartements', url: '/properties?search=Apartment' },
      { label: 'Bureau', url: '/properties?propertyType=Commercial' },
      { label: 'Villa', url: '/properties?search=Villa' },
    ],
    citiesTitle: 'Explorer par ville',
    citiesSubtitle: 'Les biens des villes où nous sommes présents',
    featuredTitle: 'Biens à la une',
    featuredSubtitle: 'Maisons, terrains et bureaux choisis avec soin, tout juste proposés',
    whyChooseUsTitle: 'Pourquoi choisir Fie Homes',
    whyChooseUs: [
      {
        title: 'Annonces vérifiées',
        description: 'Chaque bien est contrôlé par notre équipe et validé avant d’être mis en ligne.',
        icon: 'shield',
      },
      {
        title: 'Des prix honnêtes',
        description:
          'Les prix sont affichés en GH₵, avec le prix en dollars à côté quand le propriétaire l’annonce en USD.',
        icon: 'tag',
      },
      {
        title: 'Des visites qui ont lieu',
        description:
          'Choisissez un créneau libre en semaine et recevez une confirmation avec une invitation pour votre agenda.',
        icon: 'calendar',
      },
      {
        title: 'Des experts du terrain',
        description: 'Nos agents connaissent les quartiers, les propriétaires et les démarches.',
        icon: 'users',
      },
    ],
    testimonialsTitle: 'Ce que disent nos clients',
    howItWorksTitle: 'Comment ça marche',
    howItWorks: [
      {
        title: 'Parcourez',
        description:
          'Cherchez par ville, type, prix et nombre de pièces, et gardez de côté les biens qui vous plaisent.',
      },
      {
        title: 'Réservez une visite',
        description:
          'Choisissez un créneau en semaine, au moins 24 heures à l’avance ; nous le confirmons par e-mail.',
      },
      {
        title: 'Réglez les frais de dossier',
        description:
          'Certains biens demandent des frais de dossier non remboursables pour être réservés ; nous vous le disons avant tout paiement.',
      },
    ],
    statistics: [
      { label: 'Biens proposés', metric: 'propertiesListed' },
      { label: 'Villes couvertes', metric: 'citiesCovered' },
      { label: 'Visites réservées', metric: 'viewingsBooked' },
      { label: 'Affaires conclues', metric: 'dealsClosed' },
    ],
    partnersTitle: 'Nos partenaires',
    faqTitle: 'Questions fréquentes',
    faqs: [
      {
        question: 'Combien de temps faut-il pour louer un bien ?',
        answer:
          'Il faut en général 3 à 7 jours ouvrés entre la visite et la signature, une fois votre dossier prêt.',
      },
      {
        question: 'En combien de temps les réparations sont-elles prises en charge ?',
        answer: 'Notre équipe de maintenance intervient dans les 24 heures qui suivent une demande.',
      },
      {
        question: 'Quels documents faut-il pour louer ?',
        answer:
          'Une pièce d’identité valide, vos trois derniers bulletins de salaire, une attestation d’emploi et vos relevés bancaires.',
      },
      {
        question: 'Comment puis-je payer ?',
        answer: 'Par virement bancaire, mobile money ou chèque certifié.',
      },
      {
        question: 'Puis-je annuler une visite ?',
        answer:
          'Oui. Les visites se réservent et s’annulent au moins 24 heures à l’avance. Des absences répétées peuvent limiter vos réservations.',
      },
    ],
  },
  es: {
    heroTitle: 'Encuentra tu próximo hogar en Ghana',
    heroSubtitle:
      'Apartamentos, casas, terrenos y oficinas en Acra, Kumasi, Takoradi, Tamale y más, con precios honestos en GH₵.',
    popularSearches: [
      { label: 'Casa', url: '/properties?search=House' },
      { label: 'Apartamentos', url: '/properties?search=Apartment' },
      { label: 'Oficina', url: '/properties?propertyType=Commercial' },
      { label: 'Villa', url: '/properties?search=Villa' },
    ],
    citiesTitle: 'Explora por ciudad',
    citiesSubtitle: 'Inmuebles en las ciudades donde trabajamos',
    featuredTitle: 'Inmuebles destacados',
    featuredSubtitle: 'Casas, terrenos y oficinas elegidos con cuidado, recién publicados',
    whyChooseUsTitle: 'Por qué elegir Fie Homes',
    whyChooseUs: [
      {
        title: 'Anuncios verificados',
        description: 'Nuestro equipo revisa y aprueba cada inmueble antes de publicarlo.',
        icon: 'shield',
      },
      {
        title: 'Precios honestos',
        description:
          'Los precios aparecen en GH₵, con el precio en dólares al lado cuando el propietario lo fija en USD.',
        icon: 'tag',
      },
      {
        title: 'Visitas que se cumplen',
        description:
          'Elige una hora libre entre semana y recibe la confirmación con una invitación para tu calendario.',
        icon: 'calendar',
      },
      {
        title: 'Expertos locales',
        description: 'Nuestros agentes conocen los barrios, a los propietarios y los trámites.',
        icon: 'users',
      },
    ],
    testimonialsTitle: 'Lo que dicen nuestros clientes',
    howItWorksTitle: 'Cómo funciona',
    howItWorks: [
      {
        title: 'Busca',
        description: 'Filtra por ciudad, tipo, precio y habitaciones, y guarda los inmuebles que te gusten.',
      },
      {
        title: 'Reserva una visita',
        description:
          'Elige una hora entre semana con al menos 24 horas de antelación; te la confirmamos por correo.',
      },
      {
        title: 'Paga los gastos de registro',
        description:
          'Algunos inmuebles piden unos gastos de registro no reembolsables para reservarlos; te lo decimos antes de que pagues.',
      },
    ],
    statistics: [
      { label: 'Inmuebles publicados', metric: 'propertiesListed' },
      { label: 'Ciudades cubiertas', metric: 'citiesCovered' },
      { label: 'Visitas reservadas', metric: 'viewingsBooked' },
      { label: 'Operaciones cerradas', metric: 'dealsClosed' },
    ],
    partnersTitle: 'Nuestros socios',
    faqTitle: 'Preguntas frecuentes',
    faqs: [
      {
        question: '¿Cuánto se tarda en alquilar un inmueble?',
        answer:
          'Normalmente de 3 a 7 días hábiles desde la visita hasta la firma, cuando tienes la documentación lista.',
      },
      {
        question: '¿Con qué rapidez se atiende el mantenimiento?',
        answer: 'Nuestro equipo de mantenimiento responde en menos de 24 horas desde el aviso.',
      },
      {
        question: '¿Qué documentos necesito para alquilar?',
        answer:
          'Un documento de identidad válido, tus tres últimas nóminas, una carta de tu empleador y tus extractos bancarios.',
      },
      {
        question: '¿Cómo puedo pagar?',
        answer: 'Por transferencia bancaria, dinero móvil o cheque certificado.',
      },
      {
        question: '¿Puedo cancelar una visita?',
        answer:
          'Sí. Las visitas se reservan y se cancelan con al menos 24 horas de antelación. No presentarse varias veces puede limitar tus reservas.',
      },
    ],
  },
};

export const ABOUT_PAGE_TEXTS: Texts<'api::about-page.about-page'> = {
  fr: {
    title: 'À propos de Fie Homes',
    intro:
      '« Fie » veut dire « maison » en twi. Nous sommes une société immobilière ghanéenne qui aide chacun à louer, acheter et vendre en toute confiance.',
    companyInformation:
      'Fie Homes propose des maisons, des terrains et des bureaux dans huit villes du Ghana. Notre équipe vérifie chaque annonce avant sa mise en ligne, affiche les prix en GH₵ et organise les visites aux heures qui vous conviennent.\n\nNous travaillons avec des propriétaires, des promoteurs et des propriétaires fonciers, ainsi qu’avec les banques et les géomètres dont nos clients ont besoin en chemin.',
    mission:
      'Rendre la recherche d’un logement au Ghana simple, honnête et rapide, depuis n’importe quel téléphone.',
    vision: 'Devenir le service immobilier le plus fiable d’Afrique de l’Ouest.',
    services: [
      {
        title: 'Locations',
        description: 'Appartements, maisons et maisons de ville à louer, vérifiés et prêts à visiter.',
        icon: 'key',
      },
      {
        title: 'Ventes',
        description: 'Maisons et villas à vendre, avec des prix et des papiers clairs.',
        icon: 'home',
      },
      {
        title: 'Terrains',
        description: 'Des parcelles aux titres vérifiés, avec visite sur place.',
        icon: 'map',
      },
      {
        title: 'Immobilier d’entreprise',
        description: 'Bureaux et boutiques pour les entreprises de toute taille.',
        icon: 'chart',
      },
    ],
    team: [
      { name: 'Akosua Mensah', role: 'Directrice générale', bio: 'Quinze ans dans l’immobilier ghanéen.' },
      {
        name: 'Kwame Asante',
        role: 'Responsable des locations',
        bio: 'Connaît chaque rue d’East Legon et de Cantonments.',
      },
      {
        name: 'Abena Owusu',
        role: 'Responsable de la relation client',
        bio: 'Veille à ce que chaque visite ait lieu à l’heure.',
      },
    ],
    values: [
      {
        title: 'Honnêteté',
        description: 'De vraies photos, de vrais prix, aucun frais caché.',
        icon: 'handshake',
      },
      {
        title: 'Votre temps compte',
        description: 'Les visites commencent à l’heure ; nous vous appelons si quoi que ce soit change.',
        icon: 'calendar',
      },
      {
        title: 'La connaissance du terrain',
        description: 'Nous vivons dans les quartiers où nous proposons des biens.',
        icon: 'map',
      },
    ],
    statistics: [
      { label: 'Biens proposés', metric: 'propertiesListed' },
      { label: 'Villes couvertes', metric: 'citiesCovered' },
    ],
  },
  es: {
    title: 'Sobre Fie Homes',
    intro:
      '«Fie» significa «hogar» en twi. Somos una inmobiliaria ghanesa que ayuda a la gente a alquilar, comprar y vender con confianza.',
    companyInformation:
      'Fie Homes publica casas, terrenos y oficinas en ocho ciudades de Ghana. Nuestro equipo revisa cada anuncio antes de publicarlo, muestra los precios en GH₵ y organiza las visitas a la hora que mejor te viene.\n\nTrabajamos con propietarios, promotores y dueños de terrenos, y con los bancos y topógrafos que nuestros clientes necesitan por el camino.',
    mission: 'Que encontrar casa en Ghana sea sencillo, honesto y rápido, desde cualquier teléfono.',
    vision: 'Ser el servicio inmobiliario más fiable de África Occidental.',
    services: [
      {
        title: 'Alquileres',
        description: 'Apartamentos, casas y casas adosadas en alquiler, revisados y listos para visitar.',
        icon: 'key',
      },
      {
        title: 'Ventas',
        description: 'Casas y villas en venta, con precios y papeles claros.',
        icon: 'home',
      },
      {
        title: 'Terrenos',
        description: 'Parcelas con títulos verificados y visitas al terreno.',
        icon: 'map',
      },
      {
        title: 'Locales y oficinas',
        description: 'Oficinas y tiendas para empresas de cualquier tamaño.',
        icon: 'chart',
      },
    ],
    team: [
      {
        name: 'Akosua Mensah',
        role: 'Directora general',
        bio: 'Quince años en el sector inmobiliario ghanés.',
      },
      {
        name: 'Kwame Asante',
        role: 'Jefe de alquileres',
        bio: 'Conoce cada calle de East Legon y Cantonments.',
      },
      {
        name: 'Abena Owusu',
        role: 'Responsable de atención al cliente',
        bio: 'Se asegura de que cada visita empiece a tiempo.',
      },
    ],
    values: [
      {
        title: 'Honestidad',
        description: 'Fotos reales, precios reales, sin gastos ocultos.',
        icon: 'handshake',
      },
      {
        title: 'Tu tiempo importa',
        description: 'Las visitas empiezan a su hora; te llamamos si algo cambia.',
        icon: 'calendar',
      },
      { title: 'Conocimiento local', description: 'Vivimos en los barrios donde publicamos.', icon: 'map' },
    ],
    statistics: [
      { label: 'Inmuebles publicados', metric: 'propertiesListed' },
      { label: 'Ciudades cubiertas', metric: 'citiesCovered' },
    ],
  },
};

/** Terms and privacy, keyed by slug. `{{noShowRule}}` is filled in by the site, as in English. */
export const LEGAL_PAGE_TEXTS = {
  fr: {
    terms: {
      title: 'Conditions d’utilisation',
      summary: 'Les règles d’utilisation de Fie Homes et de réservation des visites.',
      body: [
        '## Qui peut utiliser Fie Homes',
        'Vous devez avoir 18 ans ou plus pour créer un compte, réserver une visite ou envoyer une demande.',
        '## Visites',
        '- Les visites se réservent au moins 24 heures à l’avance, en semaine, par créneaux de 30 minutes entre 9h00 et 17h00.',
        '- Une visite peut être annulée jusqu’à 24 heures avant son début.',
        '- Des absences répétées limitent les réservations : {{noShowRule}}.',
        '## Frais',
        '- Des frais ou commissions peuvent s’appliquer à une location ou à une vente ; nous vous les indiquons avant tout engagement.',
        '- Certains biens peuvent demander des frais de dossier non remboursables.',
        '## Annonces',
        'Nous vérifions les annonces avant leur publication, mais visitez le bien et examinez ses documents avant tout paiement.',
        '## Droit applicable',
        'Les présentes conditions sont régies par le droit de la République du Ghana.',
      ].join('\n\n'),
    },
    privacy: {
      title: 'Politique de confidentialité',
      summary: 'Ce que nous collectons, pourquoi, et vos droits.',
      body: [
        '## Ce que nous collectons',
        'Votre adresse e-mail, votre nom, votre numéro de téléphone et votre ville quand vous nous les donnez ; vos visites et vos demandes ; et des journaux techniques de base.',
        '## Pourquoi',
        'Pour gérer votre compte, organiser les visites, répondre à vos demandes et sécuriser le service. Nous ne vendons pas vos données.',
        '## Qui les voit',
        'Notre équipe, et le propriétaire ou l’agent d’un bien qui vous intéresse, seulement pour organiser une visite.',
        '## Vos droits',
        'En vertu du Data Protection Act de 2012 (Act 843), vous pouvez demander à consulter, corriger ou supprimer vos données. Écrivez à notre adresse d’assistance.',
        '## Âge',
        'Fie Homes s’adresse aux personnes de 18 ans ou plus.',
      ].join('\n\n'),
    },
  },
  es: {
    terms: {
      title: 'Condiciones de uso',
      summary: 'Las normas para usar Fie Homes y reservar visitas.',
      body: [
        '## Quién puede usar Fie Homes',
        'Debes tener 18 años o más para crear una cuenta, reservar una visita o enviar una consulta.',
        '## Visitas',
        '- Las visitas se reservan con al menos 24 horas de antelación, entre semana, en franjas de 30 minutos de 9:00 a 17:00.',
        '- Una visita se puede cancelar hasta 24 horas antes de que empiece.',
        '- No presentarse varias veces limita las reservas: {{noShowRule}}.',
        '## Gastos',
        '- Un alquiler o una venta pueden tener gastos o comisiones; te los indicamos antes de que te comprometas.',
        '- Algunos inmuebles pueden pedir unos gastos de registro no reembolsables.',
        '## Anuncios',
        'Revisamos los anuncios antes de publicarlos, pero visita el inmueble y revisa sus documentos antes de pagar.',
        '## Ley aplicable',
        'Estas condiciones se rigen por las leyes de la República de Ghana.',
      ].join('\n\n'),
    },
    privacy: {
      title: 'Política de privacidad',
      summary: 'Qué datos recogemos, para qué y cuáles son tus derechos.',
      body: [
        '## Qué recogemos',
        'Tu correo electrónico, tu nombre, tu teléfono y tu ciudad cuando nos los das; tus visitas y consultas; y registros técnicos básicos.',
        '## Para qué',
        'Para gestionar tu cuenta, organizar visitas, responder a tus consultas y mantener el servicio seguro. No vendemos tus datos.',
        '## Quién los ve',
        'Nuestro equipo y, solo lo necesario para organizar una visita, el propietario o agente del inmueble que te interesa.',
        '## Tus derechos',
        'Según la Data Protection Act de 2012 (Act 843), puedes pedir ver, corregir o borrar tus datos. Escribe a nuestro correo de atención.',
        '## Edad',
        'Fie Homes es para personas de 18 años o más.',
      ].join('\n\n'),
    },
  },
} as const;
