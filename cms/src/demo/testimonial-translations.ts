// The demo testimonials' words in French and Spanish, in the same order as DEMO_TESTIMONIALS (the
// names, ratings and photos are shared by every language).
export const DEMO_TESTIMONIAL_TEXTS = {
  fr: [
    {
      role: 'Locataire, East Legon',
      quote:
        'J’ai réservé deux visites un samedi matin et les deux propriétaires étaient là à l’heure. Trois semaines plus tard, j’avais les clés de mon appartement, et on m’avait expliqué le bail ligne par ligne.',
    },
    {
      role: 'Propriétaire, Kumasi',
      quote:
        'Ils ne m’envoient que des locataires qui ont vraiment vu la maison et qui peuvent payer l’avance. Mes deux appartements d’Ahodwo ne sont plus restés vides depuis que je passe par eux.',
    },
    {
      role: 'A acheté un terrain à Tema',
      quote:
        'Depuis Londres, acheter un terrain au pays me faisait peur. L’équipe a vérifié les documents à la Lands Commission avant que je paie quoi que ce soit, et m’a envoyé des photos des bornes.',
    },
    {
      role: 'Commerçant, Tamale',
      quote:
        'J’ai trouvé une boutique près de la Grande Mosquée en une semaine. Les frais de dossier étaient clairs dès le départ, sans mauvaise surprise ensuite.',
    },
    {
      role: 'Locataire, Ho',
      quote:
        'Muté à Ho pour le travail, j’ai pu comparer les appartements en ligne et réserver une visite le jour même de mon arrivée. Le loyer était exactement celui de l’annonce.',
    },
  ],
  es: [
    {
      role: 'Inquilina, East Legon',
      quote:
        'Reservé dos visitas un sábado por la mañana y los dos propietarios llegaron puntuales. Tres semanas después tenía las llaves de mi piso, y me explicaron el contrato línea por línea.',
    },
    {
      role: 'Propietario, Kumasi',
      quote:
        'Solo me mandan inquilinos que de verdad han visto la casa y pueden pagar el adelanto. Mis dos pisos de Ahodwo no han vuelto a quedarse vacíos desde que trabajo con ellos.',
    },
    {
      role: 'Compró un terreno en Tema',
      quote:
        'Viviendo en Londres, comprar un terreno en casa me daba miedo. El equipo revisó los documentos en la Lands Commission antes de que pagara nada y me mandó fotos de los mojones.',
    },
    {
      role: 'Dueño de una tienda, Tamale',
      quote:
        'Encontré un local cerca de la Mezquita Central en una semana. Los gastos de registro estaban claros desde el principio, sin sorpresas después.',
    },
    {
      role: 'Inquilino, Ho',
      quote:
        'Me trasladaron a Ho por trabajo y pude comparar apartamentos en línea y reservar una visita el mismo día que llegué. El alquiler era exactamente el del anuncio.',
    },
  ],
} as const;
